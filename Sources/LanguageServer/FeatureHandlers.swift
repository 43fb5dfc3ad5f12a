import Diagnostics
import JSON

/// The requests about the workspace answered by hover, completion, definition and quick fixes: each reads the
/// document and the position (in UTF-16, as LSP counts) from the params and answers in LSP's JSON.
package enum FeatureHandlers {
    /// The handlers by method, for `LanguageServer.init(handlers:)`.
    package static let all: [String: LanguageServer.RequestHandler] = [
        "textDocument/hover": hover,
        "textDocument/completion": completion,
        "textDocument/definition": definition,
        "textDocument/codeAction": codeAction,
    ]

    static func hover(_ params: JSONValue, _ workspace: EditorWorkspace) throws(JSONRPCError) -> JSONValue {
        guard let (document, position) = try documentPosition(params, workspace) else { return .null }
        return workspace.hover(path: document.path, at: document.lines.sourcePosition(position))?
            .toJSON(lines: document.lines) ?? .null
    }

    static func completion(_ params: JSONValue, _ workspace: EditorWorkspace) throws(JSONRPCError) -> JSONValue {
        guard let (document, position) = try documentPosition(params, workspace) else { return .array([]) }
        return .array(workspace.completions(path: document.path, at: document.lines.sourcePosition(position))
            .map { $0.toJSON(lines: document.lines) })
    }

    static func definition(_ params: JSONValue, _ workspace: EditorWorkspace) throws(JSONRPCError) -> JSONValue {
        guard let (document, position) = try documentPosition(params, workspace),
              let span = workspace.definition(path: document.path, at: document.lines.sourcePosition(position)),
              let target = workspace.documents[span.file] else { return .null }
        return .object([
            "uri": .string(workspace.uri(forPath: span.file)),
            "range": LSPDiagnostic.range(target.lines.lspRange(span)),
        ])
    }

    static func codeAction(_ params: JSONValue, _ workspace: EditorWorkspace) throws(JSONRPCError) -> JSONValue {
        guard let document = try self.document(params, workspace) else { return .array([]) }
        guard let range = params[member: "range"], let start = position(range[member: "start"]),
              let end = position(range[member: "end"]) else {
            throw .invalidParams("'textDocument/codeAction' needs a 'range' with 'start' and 'end' positions")
        }
        let lower = document.lines.sourcePosition(min(start, end))
        let upper = document.lines.sourcePosition(max(start, end))
        return .array(workspace.codeActions(path: document.path, range: lower...upper).map { action in
            action.toJSON(uri: workspace.uri(forPath:), lines: { workspace.documents[$0]?.lines },
                          diagnostic: { LSPDiagnostic.json($0, lines: document.lines, workspace: workspace) })
        })
    }

    /// The document the params name (`textDocument.uri`); nil for a file outside the workspace's policies and
    /// templates, which has no answers.
    private static func document(_ params: JSONValue, _ workspace: EditorWorkspace) throws(JSONRPCError)
        -> EditorWorkspace.Document? {
        guard case .string(let uri)? = params[member: "textDocument"]?[member: "uri"] else {
            throw .invalidParams("the request needs 'textDocument.uri'")
        }
        return workspace.path(forURI: uri).flatMap { workspace.documents[$0] }
    }

    /// The document and the `position` the params name.
    private static func documentPosition(_ params: JSONValue, _ workspace: EditorWorkspace) throws(JSONRPCError)
        -> (EditorWorkspace.Document, LSPPosition)? {
        let document = try self.document(params, workspace)
        guard let position = position(params[member: "position"]) else {
            throw .invalidParams("the request needs a 'position' with 'line' and 'character'")
        }
        return document.map { ($0, position) }
    }

    /// An LSP `Position`: whole numbers from 0.
    private static func position(_ value: JSONValue?) -> LSPPosition? {
        guard let line = value?[member: "line"]?.integer, let character = value?[member: "character"]?.integer,
              line >= 0, character >= 0 else { return nil }
        return LSPPosition(line: line, character: character)
    }
}
