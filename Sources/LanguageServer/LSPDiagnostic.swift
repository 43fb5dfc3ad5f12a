package import Diagnostics
package import JSON

/// Findings as `textDocument/publishDiagnostics` carries them.
package enum LSPDiagnostic {
    /// LSP's severity: error 1, warning 2, note 3 (information).
    package static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// One finding: its span as a range of `lines`, the rule id as `code`, `source` "tollgate", the message
    /// followed by a line with the help when there is one, and the related places in `relatedInformation`.
    package static func json(_ diagnostic: Diagnostic, lines: LineIndex, workspace: EditorWorkspace) -> JSONValue {
        var members: [String: JSONValue] = [
            "range": range(lines.lspRange(diagnostic.span)),
            "severity": .number(Double(severity(diagnostic.severity))),
            "code": .string(diagnostic.rule),
            "source": .string("tollgate"),
            "message": .string(diagnostic.help.map { "\(diagnostic.message)\n\($0)" } ?? diagnostic.message),
        ]
        if !diagnostic.related.isEmpty {
            members["relatedInformation"] = .array(diagnostic.related.map { related in
                let relatedLines = workspace.documents[related.span.file]?.lines ?? LineIndex("")
                return .object([
                    "location": .object(["uri": .string(workspace.uri(forPath: related.span.file)),
                                         "range": range(relatedLines.lspRange(related.span))]),
                    "message": .string(related.message),
                ])
            })
        }
        return .object(members)
    }

    package static func range(_ range: LSPRange) -> JSONValue {
        .object(["start": position(range.start), "end": position(range.end)])
    }

    package static func position(_ position: LSPPosition) -> JSONValue {
        .object(["line": .number(Double(position.line)), "character": .number(Double(position.character))])
    }
}
