import Diagnostics
import Foundation
import PolicyLoader
import PolicyModel
import TestSupport
import Testing
import YAML

/// Bad input corpus: `Tests/Fixtures/loader/<case>.yaml` produces exactly the lines of `<case>.out`;
/// `ok-*.yaml` cases produce nothing.
@Suite struct LoaderCorpusTests {
    static let folder = Fixtures.path("loader")

    static let cases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static func load(_ name: String) throws -> Loaded<Policy> {
        let data = try #require(FileManager.default.contents(atPath: "\(folder)/\(name).yaml"))
        return PolicyLoader.load([UInt8](data), file: "\(name).yaml")
    }

    @Test func corpusIsPresent() {
        #expect(Self.cases.count >= 15)
    }

    @Test(arguments: cases)
    func loaderOutputMatchesGolden(name: String) throws {
        let loaded = try Self.load(name)
        let text = TextFormat().render(loaded.diagnostics)
        if name.hasPrefix("ok-") {
            #expect(text.isEmpty)
            #expect(loaded.value != nil)
        } else {
            #expect(!text.isEmpty, "\(name) should produce findings")
            expectGolden(text, at: "\(Self.folder)/\(name).out")
        }
    }
}
