import Diagnostics
import Foundation
import JSON
import LanguageServer
import TestSupport
import Testing

/// Did-you-mean findings become quick fixes that replace the mistyped id, keeping its quotes.
@Suite struct CodeActionTests {
    static let policyPath = "Policies/photocollage.yaml"

    static func policy(replacing old: String, with new: String) -> EditorWorkspace {
        let text = (try? String(contentsOf: Fixtures.policy, encoding: .utf8)) ?? ""
        return EditorFixture.photocollage([policyPath: text.replacingOccurrences(of: old, with: new)])
    }

    func actions(_ workspace: EditorWorkspace, at needle: String, offset: Int = 1) -> [CodeAction] {
        let position = EditorFixture.position(of: needle, in: workspace, path: Self.policyPath, offset: offset)
        return workspace.codeActions(path: Self.policyPath, range: position...position)
    }

    @Test func plainIdIsReplaced() throws {
        let workspace = Self.policy(replacing: "grants: [remove-ads]", with: "grants: [remove-ad]")
        let action = try #require(actions(workspace, at: "[remove-ad]", offset: 3).first)
        #expect(action.title == "Replace 'remove-ad' with 'remove-ads'")
        #expect(action.diagnostic.rule == "unknown-tier")
        let start = EditorFixture.position(of: "remove-ad]", in: workspace, path: Self.policyPath)
        var end = start
        end.column += 9
        #expect(action.edits == [Self.policyPath: [TextReplacement(
            span: SourceSpan(file: Self.policyPath, start: start, end: end), newText: "remove-ads")]])
    }

    @Test func quotedIdKeepsItsQuotes() throws {
        let workspace = Self.policy(replacing: "tier: premium }", with: "tier: \"premum\" }")
        let action = try #require(actions(workspace, at: "\"premum\"", offset: 2).first)
        #expect(action.title == "Replace 'premum' with 'premium'")
        let replacement = try #require(action.edits[Self.policyPath]?.first)
        let start = EditorFixture.position(of: "premum\"", in: workspace, path: Self.policyPath)
        #expect(replacement.span.start == start)
        #expect(replacement.span.end.column == start.column + 6)
        let lines = try #require(workspace.documents[Self.policyPath]).lines
        let json = action.toJSON(uri: { "file:///w/\($0)" }, lines: { workspace.documents[$0]?.lines },
                                 diagnostic: { .string($0.rule) })
        let range = lines.lspRange(replacement.span).jsonValue
        #expect(json == .object([
            "title": .string("Replace 'premum' with 'premium'"),
            "kind": .string("quickfix"),
            "diagnostics": .array([.string("unknown-tier")]),
            "isPreferred": .bool(true),
            "edit": .object(["changes": .object([
                "file:///w/Policies/photocollage.yaml": .array([.object([
                    "range": range, "newText": .string("premium"),
                ])]),
            ])]),
        ]))
    }

    @Test func noFixAwayFromTheFindingOrWithoutOneSuggestion() {
        let workspace = Self.policy(replacing: "grants: [remove-ads]", with: "grants: [remove-ad]")
        #expect(actions(workspace, at: "reference_name: Remove Ads Forever").isEmpty)
        let unrelated = Self.policy(replacing: "grants: [remove-ads]", with: "grants: [something-else]")
        #expect(actions(unrelated, at: "[something-else]", offset: 3).isEmpty)
        #expect(!unrelated.apps[0].diagnostics.filter { $0.rule == "unknown-tier" }.isEmpty)
    }

    @Test func fixInATemplateFileWithKoreanText() throws {
        let path = "Templates/photocollage/ko.yaml"
        let original = (try? String(contentsOf: Fixtures.repositoryRoot().appendingPathComponent(path),
                                    encoding: .utf8)) ?? ""
        let text = original.replacingOccurrences(of: "{price} · 한 번", with: "{prise} · 한 번")
        let workspace = EditorFixture.photocollage([path: text])
        let position = EditorFixture.position(of: "prise}", in: workspace, path: path, offset: 2)
        let action = try #require(workspace.codeActions(path: path, range: position...position).first)
        #expect(action.title == "Replace 'prise' with 'price'")
        let replacement = try #require(action.edits[path]?.first)
        let lines = try #require(workspace.documents[path]).lines
        // `      price: "{prise} · 한 번 구매로 평생 이용"`: `prise` is UTF-16 columns 15 to 20.
        let range = lines.lspRange(replacement.span)
        #expect(range.start.character == 15)
        #expect(range.end.character == 20)
    }

    @Test func emojiBeforeTheFixCountsTwoUTF16Units() throws {
        let path = "Templates/photocollage/ko.yaml"
        let original = (try? String(contentsOf: Fixtures.repositoryRoot().appendingPathComponent(path),
                                    encoding: .utf8)) ?? ""
        let text = original.replacingOccurrences(of: "restore: 구매 복원", with: "restore: \"🎉 구매 {prise}\"")
        let workspace = EditorFixture.photocollage([path: text])
        let position = EditorFixture.position(of: "prise}", in: workspace, path: path)
        let action = try #require(workspace.codeActions(path: path, range: position...position).first)
        let replacement = try #require(action.edits[path]?.first)
        // `    restore: "🎉 구매 {prise}"`: the emoji is two units, so `prise` is UTF-16 columns 21 to 26.
        let range = try #require(workspace.documents[path]).lines.lspRange(replacement.span)
        #expect(range.start.character == 21)
        #expect(range.end.character == 26)
        #expect(replacement.newText == "price")
    }
}

extension Fixtures {
    /// The photocollage example policy.
    static var policy: URL { repositoryRoot().appendingPathComponent("Policies/photocollage.yaml") }
}
