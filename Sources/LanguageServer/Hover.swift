package import Diagnostics
package import JSON
import PolicyModel

/// What the editor shows over a position: Markdown, and the range it describes.
package struct Hover: Hashable, Sendable {
    package var markdown: String
    package var span: SourceSpan?

    package init(markdown: String, span: SourceSpan?) {
        self.markdown = markdown
        self.span = span
    }

    /// The LSP `Hover` object; `lines` are those of the document the span is in.
    package func toJSON(lines: LineIndex) -> JSONValue {
        var object: [String: JSONValue] = [
            "contents": .object(["kind": .string("markdown"), "value": .string(markdown)]),
        ]
        if let span { object["range"] = lines.lspRange(span).jsonValue }
        return .object(object)
    }
}

extension EditorWorkspace {
    /// What the id or template message at `position` of the file at `path` is: for an id, what it declares and
    /// where; for a paywall message, its text rendered with the policy's reference prices. Nil elsewhere, and
    /// when the file's app did not load.
    package func hover(path: String, at position: SourcePosition) -> Hover? {
        guard let sources = sources(holding: path) else { return nil }
        if let site = identifierSite(in: path, at: position) {
            return Hover(markdown: sources.policy.describe(site.kind, site.id), span: site.span)
        }
        return messageHover(sources: sources, path: path, at: position)
    }
}
