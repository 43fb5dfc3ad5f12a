import Diagnostics
import Foundation
import LanguageServer
import Testing

/// Go to definition leads from every reference, in the policy or a template file, to the policy's declaration.
@Suite struct DefinitionTests {
    static let policyPath = "Policies/photocollage.yaml"
    static let workspace = EditorFixture.photocollage()

    func definition(_ needle: String, in path: String = policyPath, occurrence: Int = 0, offset: Int = 1)
        -> SourceSpan? {
        let position = EditorFixture.position(of: needle, in: Self.workspace, path: path, occurrence: occurrence,
                                              offset: offset)
        return Self.workspace.definition(path: path, at: position)
    }

    func declared(_ needle: String, offset: Int = 0) -> SourcePosition {
        EditorFixture.position(of: needle, in: Self.workspace, path: Self.policyPath, offset: offset)
    }

    @Test func referencesInThePolicyLeadToDeclarations() {
        #expect(definition("[remove-ads]", offset: 2)?.start == declared("remove-ads: {"))
        #expect(definition("grants: [premium]", offset: 10)?.start == declared("premium:    {"))
        #expect(definition("tier: premium", offset: 7)?.start == declared("premium:    {"))
        #expect(definition("group: premium", offset: 8)?.start == declared("premium:\n    title: Photo"))
        #expect(definition("levels: [com", offset: 12)?.start
            == declared("com.example.photocollage.premium.yearly\n"))
        #expect(definition("highlight: com", offset: 14)?.start
            == declared("com.example.photocollage.premium.yearly\n"))
        #expect(definition("paywall: main", offset: 10)?.start == declared("main:\n    products"))
        #expect(definition("experiment: onboarding-paywall", offset: 14)?.start
            == declared("onboarding-paywall:\n"))
        #expect(definition("paywall: { paywall: main", offset: 21)?.start == declared("main:\n    products"))
    }

    @Test func templateKeysLeadToThePolicy() throws {
        let path = "Templates/photocollage/ko.yaml"
        let tier = try #require(definition("premium: 프리미엄", in: path, offset: 3))
        #expect(tier.file == Self.policyPath)
        #expect(tier.start == declared("premium:    {"))
        #expect(definition("com.example.photocollage.coins.100: 코인", in: path, offset: 5)?.start
            == declared("com.example.photocollage.coins.100\n"))
        #expect(definition("cloud-sync: 클라우드", in: path)?.start == declared("cloud-sync:"))
        #expect(definition("main:", in: path, offset: 1)?.start == declared("main:\n    products"))
    }

    @Test func nothingOffIdsOrForUndeclaredOnes() {
        #expect(definition("Photo Collage", offset: 3) == nil)
        let text = Self.workspace.documents[Self.policyPath]?.text ?? ""
        let edited = EditorFixture.photocollage([Self.policyPath: text
            .replacingOccurrences(of: "tier: premium }", with: "tier: premum }")])
        let position = EditorFixture.position(of: "tier: premum", in: edited, path: Self.policyPath, offset: 7)
        #expect(edited.definition(path: Self.policyPath, at: position) == nil)
    }

    /// Every position of the example's files, and some outside them: definitions are declarations in the policy,
    /// hovers describe a range holding the position, and nothing traps.
    @Test func everyPositionAnswersConsistently() {
        let workspace = Self.workspace
        for (path, document) in workspace.documents {
            for line in 0...(document.lines.lineCount + 1) {
                let width = document.text.split(separator: "\n", omittingEmptySubsequences: false)
                    .dropFirst(max(line - 1, 0)).first?.unicodeScalars.count ?? 0
                for column in 0...(width + 2) {
                    let position = SourcePosition(line: line, column: column)
                    if let span = workspace.definition(path: path, at: position) {
                        #expect(span.file == Self.policyPath)
                        #expect(workspace.definition(path: Self.policyPath, at: span.start) == span)
                    }
                    if let span = workspace.hover(path: path, at: position)?.span {
                        #expect(span.start <= position && position <= span.end)
                    }
                    _ = workspace.completions(path: path, at: position)
                    _ = workspace.codeActions(path: path, range: position...position)
                }
            }
        }
    }
}
