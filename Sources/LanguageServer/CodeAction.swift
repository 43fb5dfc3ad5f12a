package import Diagnostics
package import JSON

/// A replacement of a span of a file's text.
package struct TextReplacement: Hashable, Sendable {
    package var span: SourceSpan
    package var newText: String

    package init(span: SourceSpan, newText: String) {
        self.span = span
        self.newText = newText
    }

    /// The LSP `TextEdit` object.
    package func toJSON(lines: LineIndex) -> JSONValue {
        .object(["range": lines.lspRange(span).jsonValue, "newText": .string(newText)])
    }
}

/// A quick fix: the finding it fixes and the edits, by file path.
package struct CodeAction: Hashable, Sendable {
    package var title: String
    package var diagnostic: Diagnostic
    package var edits: [String: [TextReplacement]]

    package init(title: String, diagnostic: Diagnostic, edits: [String: [TextReplacement]]) {
        self.title = title
        self.diagnostic = diagnostic
        self.edits = edits
    }

    /// The LSP `CodeAction` object, of kind `quickfix`, preferred; `uri` names a file path as the client knows
    /// it, `lines` gives each file's lines, and `diagnostic` is the finding as the server published it. Files
    /// whose lines are unknown are left out of the edit.
    package func toJSON(uri: (String) -> String, lines: (String) -> LineIndex?,
                        diagnostic render: (Diagnostic) -> JSONValue) -> JSONValue {
        var changes: [String: JSONValue] = [:]
        for (path, replacements) in edits {
            guard let index = lines(path) else { continue }
            changes[uri(path)] = .array(replacements.map { $0.toJSON(lines: index) })
        }
        return .object([
            "title": .string(title),
            "kind": .string("quickfix"),
            "diagnostics": .array([render(diagnostic)]),
            "isPreferred": .bool(true),
            "edit": .object(["changes": .object(changes)]),
        ])
    }
}

extension EditorWorkspace {
    /// Quick fixes for the findings of the file at `path` that touch `range`: each did-you-mean finding whose
    /// span holds exactly the mistyped word (plain or quoted; quotes are kept) becomes a replacement of that word
    /// with the suggestion.
    package func codeActions(path: String, range: ClosedRange<SourcePosition>) -> [CodeAction] {
        guard let document = documents[path], let app = app(holding: path) else { return [] }
        return app.diagnostics.compactMap { diagnostic in
            guard diagnostic.span.file == path, diagnostic.span.start <= range.upperBound,
                  range.lowerBound <= diagnostic.span.end,
                  let suggestion = diagnostic.help.flatMap(Self.suggestion),
                  let word = Self.word(at: diagnostic.span, in: document.text),
                  word.text != suggestion, Suggestion.closest(to: word.text, in: [suggestion]) == suggestion
            else { return nil }
            return CodeAction(title: "Replace '\(word.text)' with '\(suggestion)'", diagnostic: diagnostic,
                              edits: [path: [TextReplacement(span: word.span, newText: suggestion)]])
        }
    }

    /// X of a help that is exactly `did you mean 'X'?` (or with double quotes), as `Suggestion` writes it.
    static func suggestion(in help: String) -> String? {
        for quote in ["'", "\""] {
            let prefix = "did you mean \(quote)"
            let suffix = "\(quote)?"
            guard help.hasPrefix(prefix), help.hasSuffix(suffix), help.count > prefix.count + suffix.count else {
                continue
            }
            let word = String(help.dropFirst(prefix.count).dropLast(suffix.count))
            return word.contains(where: { $0 == "'" || $0 == "\"" || $0.isNewline }) ? nil : word
        }
        return nil
    }

    /// The text of a one-line `span` of `text`, without the quotes around it, and the span of what is left.
    static func word(at span: SourceSpan, in text: String) -> (text: String, span: SourceSpan)? {
        guard span.start.line >= 1, span.start.line == span.end.line, span.start.column >= 1,
              span.start.column < span.end.column,
              let line = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
                  .dropFirst(span.start.line - 1).first,
              span.end.column - 1 <= line.count else { return nil }
        var scalars = Array(line)[(span.start.column - 1)..<(span.end.column - 1)]
        var inner = span
        if scalars.count >= 2, let first = scalars.first, first == "'" || first == "\"", scalars.last == first {
            scalars = scalars.dropFirst().dropLast()
            inner.start.column += 1
            inner.end.column -= 1
        }
        var word = ""
        word.unicodeScalars.append(contentsOf: scalars)
        return (word, inner)
    }
}
