/// The `--format github` report: one GitHub Actions workflow command per finding, worst first.
///
/// GitHub shows only the first few annotations of a step, so errors come before warnings before
/// notes, each in source order.
package struct GitHubFormat: Sendable {
    package init() {}

    package func render(_ report: ValidationReport) -> String {
        report.diagnostics
            .sorted { $0.severity != $1.severity ? $0.severity > $1.severity : Diagnostic.sourceOrder($0, $1) }
            .map(annotation)
            .joined()
    }

    /// `::error file=…,line=…,title=rule::message`, with related places and help on further lines.
    private func annotation(_ d: Diagnostic) -> String {
        var properties = [("file", d.span.file), ("line", String(d.span.start.line))]
        // Annotations take columns only when the span starts and ends on the same line.
        let oneLine = d.span.start.line == d.span.end.line
        if oneLine {
            properties.append(("col", String(d.span.start.column)))
        }
        properties.append(("endLine", String(d.span.end.line)))
        if oneLine {
            properties.append(("endColumn", String(d.span.end.column)))
        }
        properties.append(("title", d.rule))

        var message = d.message
        for related in d.related {
            let place = related.span
            message += "\nnote: \(related.message) at \(place.file):\(place.start.line):\(place.start.column)"
        }
        if let help = d.help {
            message += "\nhelp: \(help)"
        }
        let list = properties.map { "\($0)=\(Self.escapeProperty($1))" }.joined(separator: ",")
        return "::\(Self.command(for: d.severity)) \(list)::\(Self.escapeData(message))\n"
    }

    private static func command(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// A command's message, escaped as the Actions toolkit does: `%`, CR and LF.
    private static func escapeData(_ text: String) -> String {
        escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A command's property value: escaped as a message, and `:` and `,` too.
    private static func escapeProperty(_ text: String) -> String {
        escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    /// Replaces scalars in one pass, so `%` is escaped before the escapes that add one, and a CRLF,
    /// one `Character` in Swift, is seen as its two scalars.
    private static func escape(_ text: String, _ table: [Unicode.Scalar: String]) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let replacement = table[scalar] {
                out += replacement
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
