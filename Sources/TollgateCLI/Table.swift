import Diagnostics
import Foundation
/// A table of text cells, printed as Markdown, CSV or a standalone HTML page.
struct Table {
    var title: String
    var header: [String]
    /// Rows of cells; the first cell of a row is its heading; `yes` and `no` cells print as marks.
    var rows: [[String]]
    /// Column names for CSV, where ids serve scripts better than titles.
    var csvHeader: [String]?
    /// A sentence under the table (Markdown, HTML) on how to read it; CSV leaves it out.
    var note: String?

    static let yes = "yes"
    static let no = "no"

    func render(_ format: TableFormat) -> String {
        switch format {
        case .csv: csv
        case .html: html
        case .markdown: markdown
        }
    }

    var markdown: String {
        let escape = { (text: String) in text.replacingOccurrences(of: "|", with: "\\|") }
        var text = "| " + header.map(escape).joined(separator: " | ") + " |\n"
        text += "| --- |" + String(repeating: " :---: |", count: max(0, header.count - 1)) + "\n"
        for row in rows {
            text += "| " + row.map { escape(mark($0)) }.joined(separator: " | ") + " |\n"
        }
        return text + (note.map { "\n\($0)\n" } ?? "")
    }

    var csv: String {
        ([csvHeader ?? header] + rows).map { $0.map(csvField).joined(separator: ",") }.map { $0 + "\n" }.joined()
    }

    var html: String {
        let head = header.map { "<th scope=\"col\">\($0.markupEscaped)</th>" }.joined()
        let body = rows.map { row in
            let cells = row.dropFirst().map { cell in
                cell == Self.yes || cell == Self.no
                    ? "<td aria-label=\"\(cell)\">\(mark(cell))</td>" : "<td>\(cell.markupEscaped)</td>"
            }.joined()
            return "<tr><th scope=\"row\">\((row.first ?? "").markupEscaped)</th>\(cells)</tr>"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><title>\(title.markupEscaped)</title>
            <style>table{border-collapse:collapse;font-family:system-ui,sans-serif}th,td{border:1px solid #ccc;\
            padding:.4em .8em}td{text-align:center}</style></head>
            <body>
            <table>
            <caption>\(title.markupEscaped)</caption>
            <thead><tr>\(head)</tr></thead>
            <tbody>
            \(body.joined(separator: "\n"))
            </tbody>
            </table>\(note.map { "\n<p>\($0.markupEscaped)</p>" } ?? "")
            </body>
            </html>

            """
    }

    /// `yes` and `no` as the marks people read.
    private func mark(_ cell: String) -> String {
        cell == Self.yes ? "✓" : cell == Self.no ? "—" : cell
    }

    private func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
