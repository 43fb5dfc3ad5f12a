import Foundation
import TestSupport
import Testing
import TollgateCLI

/// The README's rule list and command list agree with the tool itself.
@Suite struct ReadmeTests {
    static let readme = (try? String(
        contentsOf: Fixtures.repositoryRoot().appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    static func section(_ name: String) -> String? {
        guard let start = readme.range(of: "<!-- \(name):begin -->\n"),
              let end = readme.range(of: "<!-- \(name):end -->", range: start.upperBound..<readme.endIndex)
        else { return nil }
        return String(readme[start.upperBound..<end.lowerBound])
    }

    @Test func ruleTableEqualsExplainAll() throws {
        let table = try #require(Self.section("rules"), "README.md needs <!-- rules:begin --> … <!-- rules:end -->")
        let result = Tollgate.run(["explain", "--all", "--format", "markdown"],
                                  context: CommandContext(currentDirectory: Fixtures.repositoryRoot().path))
        #expect(table == result.stdout, "regenerate with: tollgate explain --all --format markdown")
    }

    @Test func quickStartIsExactlyTwoCommands() throws {
        let quickStart = try #require(Self.section("quickstart"))
        let commands = quickStart.split(separator: "\n").filter { !$0.hasPrefix("```") && !$0.isEmpty }
        #expect(commands == ["make run", "make test"])
    }
}
