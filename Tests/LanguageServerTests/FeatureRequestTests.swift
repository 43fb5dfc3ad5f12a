import Foundation
import JSON
import LanguageServer
import Testing

/// Hover, completion, definition and quick fixes as an editor asks for them: LSP's JSON in and out, positions in
/// UTF-16 code units.
@Suite struct FeatureRequestTests {
    static let policy = "Policies/photocollage.yaml"

    /// A session on a copy of the examples with the policy open, `grants: [remove-ads]` on line 22 mistyped.
    static func session(_ copy: ExampleCopy) throws -> LSPSession {
        var session = LSPSession(folder: copy.folder)
        let text = try copy.text(policy).replacingOccurrences(of: "    grants: [remove-ads]\n",
                                                              with: "    grants: [remove-ad]\n")
        session.open(policy, text: text)
        session.flush()
        return session
    }

    static func at(_ session: LSPSession, line: Int, character: Int) -> [String: JSONValue] {
        ["textDocument": .object(["uri": .string(session.uri(policy))]),
         "position": .object(["line": .number(Double(line)), "character": .number(Double(character))])]
    }

    @Test func hoverOnATierSaysWhatItIs() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = try Self.session(copy)
        // Line 17 (0-based 16): `  premium:    { title: Premium, includes: [remove-ads] }`.
        let hover = session.request("textDocument/hover", Self.at(session, line: 16, character: 4))
        let value = hover?[member: "result"]?[member: "contents"]?[member: "value"]?.string ?? ""
        #expect(value.contains("`premium`"), "\(String(describing: hover))")
        #expect(hover?[member: "result"]?[member: "contents"]?[member: "kind"] == .string("markdown"))
    }

    @Test func completionInGrantsOffersTiers() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = try Self.session(copy)
        let items = session.request("textDocument/completion", Self.at(session, line: 21, character: 14))?[
            member: "result"]?.elements ?? []
        let labels = Set(items.compactMap { $0[member: "label"]?.string })
        #expect(labels.isSuperset(of: ["remove-ads", "premium"]), "\(labels)")
    }

    @Test func definitionOfAnIncludedTierIsItsDeclaration() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = try Self.session(copy)
        let line = try copy.text(Self.policy).split(separator: "\n", omittingEmptySubsequences: false)[16]
        let character = try #require(line.range(of: "[remove-ads]")).lowerBound.utf16Offset(in: line) + 2
        let result = session.request("textDocument/definition", Self.at(session, line: 16, character: character))?[
            member: "result"]
        #expect(result?[member: "uri"] == .string(session.uri(Self.policy)))
        #expect(result?[member: "range"]?[member: "start"]?[member: "line"] == .number(15), "\(String(describing: result))")
    }

    @Test func theTypoHasAQuickFix() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = try Self.session(copy)
        let range: JSONValue = .object([
            "start": .object(["line": .number(21), "character": .number(13)]),
            "end": .object(["line": .number(21), "character": .number(13)]),
        ])
        let actions = session.request("textDocument/codeAction", [
            "textDocument": .object(["uri": .string(session.uri(Self.policy))]), "range": range,
            "context": .object(["diagnostics": .array([])]),
        ])?[member: "result"]?.elements ?? []
        let fix = try #require(actions.first, "no quick fix")
        #expect(fix[member: "title"] == .string("Replace 'remove-ad' with 'remove-ads'"))
        let edits = fix[member: "edit"]?[member: "changes"]?[member: session.uri(Self.policy)]?.elements ?? []
        #expect(edits.first?[member: "newText"] == .string("remove-ads"))
    }

    @Test func aPositionThatIsNotOneIsInvalidParams() throws {
        let copy = try ExampleCopy()
        defer { copy.remove() }
        var session = try Self.session(copy)
        let answer = session.request("textDocument/hover", [
            "textDocument": .object(["uri": .string(session.uri(Self.policy))]),
            "position": .object(["line": .number(-1), "character": .number(0)]),
        ])
        #expect(answer?[member: "error"]?[member: "code"] == .number(-32602))
        let outside = session.request("textDocument/hover", [
            "textDocument": .object(["uri": .string("file:///elsewhere/notes.yaml")]),
            "position": .object(["line": .number(0), "character": .number(0)]),
        ])
        #expect(outside?[member: "result"] == .null)
    }
}
