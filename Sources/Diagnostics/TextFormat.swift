/// Compiler-style text: `file:line:col: severity: message [rule]`, then `help:` lines.
package struct TextFormat: Sendable {
    /// Source files by path, for the excerpt and caret shown on a terminal; empty means no excerpts.
    package var sources: [String: SourceFile]

    package init(sources: [String: SourceFile] = [:]) {
        self.sources = sources
    }

    package func render(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics {
            render(diagnostic, into: &out)
        }
        return out
    }

    private func render(_ d: Diagnostic, into out: inout String) {
        out += "\(location(d.span)): \(d.severity.rawValue): \(d.message) [\(d.rule)]\n"
        if let file = sources[d.span.file], let line = file.line(d.span.start.line) {
            out += excerpt(line: line, span: d.span)
        }
        for related in d.related {
            out += "  note: \(related.message) at \(location(related.span))\n"
        }
        if let help = d.help {
            out += "  help: \(help)\n"
        }
    }

    private func location(_ span: SourceSpan) -> String {
        "\(span.file):\(span.start.line):\(span.start.column)"
    }

    /// The source line and a caret run under the span (clipped to that line).
    ///
    /// Columns count scalars but the caret is laid out in terminal cells, so that it stays under
    /// its text when the line holds wide characters such as Hangul or CJK ideographs.
    private func excerpt(line: Substring, span: SourceSpan) -> String {
        let number = String(span.start.line)
        let gutter = String(repeating: " ", count: number.count)
        let text = String(line).replacingTabs()
        let scalars = Array(text.unicodeScalars)
        let width = scalars.count
        let start = min(max(span.start.column - 1, 0), width)
        let end = span.end.line == span.start.line ? max(span.end.column - 1, start + 1) : max(width, start + 1)
        let indent = scalars[..<start].reduce(0) { $0 + $1.terminalWidth }
        // A span that reaches past the line's last character gets one more caret, after it.
        let marked = scalars[start..<min(end, width)].reduce(0) { $0 + $1.terminalWidth } + (end > width ? 1 : 0)
        let caret = String(repeating: " ", count: indent) + String(repeating: "^", count: max(1, marked))
        return " \(gutter) |\n \(number) | \(text)\n \(gutter) | \(caret)\n"
    }
}

extension String {
    /// Tabs as single spaces, so caret columns line up with character columns.
    fileprivate func replacingTabs() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\t" ? " " : $0 }))
    }
}
