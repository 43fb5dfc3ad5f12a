import Foundation
import JSON
import LanguageServer
import TestSupport
import Testing

/// The editor's diagnostics are `tollgate validate`'s: the same rule ids, positions, messages and help, on the
/// examples and on every rule's failing fixture.
@Suite struct DiagnosticsParityTests {
    static let root = Fixtures.repositoryRoot().path

    /// Every rule's failing fixture. Those with an `args` file compare with a baseline, a store or a catalog,
    /// which the editor does not: they are compared with `validate` run without them, as the editor runs it.
    static let fixtures: [String] = {
        ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.path("rules"))) ?? []).sorted()
    }()

    /// Opens every policy of `folder` and gives the diagnostics published.
    static func published(in folder: String) -> [String: [JSONValue]] {
        var session = LSPSession(folder: folder)
        for policy in ValidateParity.policies(in: folder) {
            session.open(policy, text: (try? String(contentsOfFile: "\(folder)/\(policy)", encoding: .utf8)) ?? "")
        }
        session.flush()
        return session.diagnostics
    }

    @Test func theExamplesGetValidatesFindings() throws {
        let expected = try ValidateParity.expected(in: Self.root)
        #expect(!expected.isEmpty, "the examples have a finding to compare")
        #expect(ValidateParity.comparable(Self.published(in: Self.root)) == expected)
    }

    @Test func everyFileOfAnOpenedAppIsPublished() {
        let published = Self.published(in: Self.root)
        for file in ["Policies/photocollage.yaml", "Templates/photocollage/ko.yaml", "Templates/lingualeap/ar.yaml"] {
            #expect(published[DocumentURI.uri(ofPath: "\(Self.root)/\(file)")] != nil, "\(file)")
        }
    }

    @Test(arguments: fixtures)
    func aRulesFixtureGetsValidatesFindings(rule: String) throws {
        let folder = Fixtures.path("rules/\(rule)/bad")
        let expected = try ValidateParity.expected(in: folder)
        if !FileManager.default.fileExists(atPath: Fixtures.path("rules/\(rule)/args")) {
            #expect(!expected.isEmpty, "the failing fixture of \(rule) has findings")
        }
        #expect(ValidateParity.comparable(Self.published(in: folder)) == expected)
    }
}
