import Foundation
import PolicyValidation
import TestSupport
import Testing
import TollgateCLI

/// Every rule has a failing fixture with its exact expected output and a passing fixture with none.
///
/// `Tests/Fixtures/rules/<rule-id>/bad/` and `good/` are small projects (`Policies/`, `Templates/`);
/// `bad.out` is what `tollgate validate` prints for `bad/`, paths relative to it.
@Suite struct RuleFixtureTests {
    static let ruleIDs = Validator.standardRules.map { type(of: $0).id }

    static func validate(_ folder: String) -> CommandResult {
        Tollgate.run(["validate"], context: CommandContext(currentDirectory: folder))
    }

    @Test(arguments: ruleIDs)
    func failingFixture(rule: String) throws {
        let folder = Fixtures.path("rules/\(rule)/bad")
        #expect(FileManager.default.fileExists(atPath: folder), "missing fixture \(folder)")
        let result = Self.validate(folder)
        #expect(result.stderr.contains("[\(rule)]"), "bad fixture of \(rule) does not trigger it:\n\(result.stderr)")
        #expect(result.exitCode == (result.stderr.contains(": error: ") ? 1 : 0))
        if let mismatch = Golden.check(result.stderr, against: Fixtures.path("rules/\(rule)/bad.out")) {
            Issue.record("\(mismatch)")
        }
    }

    @Test(arguments: ruleIDs)
    func passingFixture(rule: String) throws {
        let folder = Fixtures.path("rules/\(rule)/good")
        #expect(FileManager.default.fileExists(atPath: folder), "missing fixture \(folder)")
        let result = Self.validate(folder)
        #expect(result.exitCode == 0)
        #expect(result.stderr.hasPrefix("ok: "), "good fixture of \(rule) has findings:\n\(result.stderr)")
    }
}
