/// The `--format markdown` report: each app's review checklist, ready to paste as a pull-request comment.
package struct MarkdownFormat: Sendable {
    package init() {}

    package func render(_ report: ValidationReport) -> String {
        report.apps.map(section).joined(separator: "\n")
    }

    /// A heading, the totals, the checklist table and a collapsed list of the app's findings.
    private func section(_ app: AppReport) -> String {
        var out = "### \(app.app.markdownInline) — App Store review checklist\n\n\(summary(app.diagnostics))\n"
        if !app.checklist.isEmpty {
            out += "\n| Item | Status | Evidence |\n| --- | --- | --- |\n"
            for entry in app.checklist {
                out += "| \(entry.item.markdownInline) | \(status(entry.status)) | \(entry.evidence.markdownInline) |\n"
            }
        }
        if !app.diagnostics.isEmpty {
            out += "\n<details><summary>Findings (\(app.diagnostics.count))</summary>\n\n"
            for d in app.diagnostics.sorted(by: Diagnostic.sourceOrder) {
                let place = "\(d.span.file):\(d.span.start.line):\(d.span.start.column)"
                out += "- `\(place)` **\(d.severity.rawValue)** \(d.message.markdownInline) `\(d.rule)`"
                for related in d.related {
                    let at = "\(related.span.file):\(related.span.start.line):\(related.span.start.column)"
                    out += "<br>note: \(related.message.markdownInline) at `\(at)`"
                }
                out += d.help.map { "<br>help: \($0.markdownInline)" } ?? ""
                out += "\n"
            }
            out += "\n</details>\n"
        }
        return out
    }

    /// `2 errors, 1 warning`, with notes only when there are some, or `no findings`.
    private func summary(_ diagnostics: [Diagnostic]) -> String {
        guard !diagnostics.isEmpty else { return "no findings" }
        func counted(_ severity: Severity) -> String {
            let count = diagnostics.count { $0.severity == severity }
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        let notes = diagnostics.contains { $0.severity == .note } ? ", \(counted(.note))" : ""
        return "\(counted(.error)), \(counted(.warning))\(notes)"
    }

    private func status(_ status: ChecklistStatus) -> String {
        switch status {
        case .pass: "✅ pass"
        case .fail: "❌ fail"
        case .waived: "➖ waived"
        case .manual: "👤 manual"
        }
    }
}
