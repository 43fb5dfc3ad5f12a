import Foundation
import Server
import Testing
import TestSupport

/// The problem kinds the service answers are the ones docs/http.md lists.
@Suite struct ProblemKindTests {
    /// The kinds in the second column of the tables of docs/http.md whose header names a problem's kind.
    static func documentedKinds() throws -> Set<String> {
        let path = Fixtures.repositoryRoot().appendingPathComponent("docs/http.md").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var kinds: Set<String> = []
        var inKindTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                inKindTable = false
                continue
            }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 2 else { continue }
            if cells[2] == "kind" || cells[2] == "problem `type` ends in" {
                inKindTable = true
                continue
            }
            guard inKindTable else { continue }
            let quoted = cells[2].split(separator: "`", omittingEmptySubsequences: false)
            kinds.formUnion(stride(from: 1, to: quoted.count, by: 2).map { String(quoted[$0]) })
        }
        return kinds
    }

    @Test func everyKindIsDocumentedAndEveryDocumentedKindExists() throws {
        let documented = try Self.documentedKinds()
        #expect(!documented.isEmpty)
        #expect(Set(ProblemKind.allCases.map(\.rawValue)) == documented)
    }

    @Test func aProblemsTypeNamesItsKind() {
        let response = Problem(.noStore, status: 404, title: "No store", detail: "none").response(path: "/x")
        #expect(String(decoding: response.body, as: UTF8.self)
            == #"{"detail":"none","instance":"/x","status":404,"title":"No store","type":"urn:tollgate:problem:no-store"}"#)
    }
}
