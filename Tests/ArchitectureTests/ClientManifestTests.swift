import Foundation
import Testing
import TestSupport

/// What an app adds: the client library needs Foundation and the evaluation library, nothing else.
@Suite struct ClientManifestTests {
    static let root = Fixtures.repositoryRoot()

    @Test func theClientLibraryDependsOnTheEvaluationLibraryOnly() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".library(name: "TollgateClient", targets: ["TollgateClient"])"#))
        #expect(manifest.contains(#".target(name: "TollgateClient", dependencies: ["TollgateEvaluation"], swiftSettings: settings)"#))
    }

    @Test func theClientImportsFoundationAndTheEvaluationLibraryOnly() throws {
        let folder = Self.root.appendingPathComponent("Sources/TollgateClient")
        var imports: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { $0 != "public" && $0 != "package" }
                if words.count == 2, words[0] == "import" { imports.insert(String(words[1])) }
            }
        }
        let allowed: Set<String> = ["Foundation", "FoundationNetworking", "TollgateEvaluation", "Darwin", "Glibc", "Musl"]
        #expect(imports.subtracting(allowed).sorted() == [])
        #expect(imports.contains("TollgateEvaluation"))
    }
}
