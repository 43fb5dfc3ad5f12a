import Foundation
import CatalogValidation
import PolicyValidation
import TestSupport
import Testing
import TollgateCLI

/// Every rule has a failing fixture with its exact expected output and a passing fixture with none, and so do
/// the loader's rules about what a value means rather than how the file is written.
///
/// `Tests/Fixtures/rules/<rule-id>/bad/` and `good/` are small projects (`Policies/`, `Templates/`);
/// `bad.out` is what `tollgate validate` prints for `bad/`, paths relative to it.
///
/// Rules that compare with what was published have two more files beside `bad/` and `good/`: `args`,
/// the extra `validate` arguments (one per line, paths relative to `bad/` or `good/`), and optionally
/// `setup`, lines `FOLDER: ARGUMENTS…` of tollgate commands run in order, in a scratch copy of the
/// rule's fixture folder, before validating (such as publishing older versions to a store).
@Suite struct RuleFixtureTests {
    static let ruleIDs = Validator.ruleTypes.map { $0.id } + ["state-never-grants"]

    static func validate(_ folder: String) throws -> CommandResult {
        let ruleFolder = (folder as NSString).deletingLastPathComponent
        let lines = { (name: String) in
            ((try? String(contentsOfFile: "\(ruleFolder)/\(name)", encoding: .utf8)) ?? "")
                .split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
        let context = { (directory: String) in CommandContext(currentDirectory: directory, now: Date(timeIntervalSince1970: 0)) }
        guard !lines("setup").isEmpty else {
            return Tollgate.run(["validate"] + lines("args"), context: context(folder))
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("rule-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(atPath: ruleFolder, toPath: scratch.path)
        for line in lines("setup") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let result = Tollgate.run(parts[1].split(separator: " ").map(String.init),
                                      context: context(scratch.appendingPathComponent(parts[0]).path))
            #expect(result.exitCode == 0, "setup '\(line)' failed: \(result.stderr)")
        }
        let copy = scratch.appendingPathComponent((folder as NSString).lastPathComponent).path
        return Tollgate.run(["validate"] + lines("args"), context: context(copy))
    }

    @Test(arguments: ruleIDs)
    func failingFixture(rule: String) throws {
        let folder = Fixtures.path("rules/\(rule)/bad")
        #expect(FileManager.default.fileExists(atPath: folder), "missing fixture \(folder)")
        let result = try Self.validate(folder)
        #expect(result.stderr.contains("[\(rule)]"), "bad fixture of \(rule) does not trigger it:\n\(result.stderr)")
        #expect(result.exitCode == (result.stderr.contains(": error: ") ? 1 : 0))
        expectGolden(result.stderr, at: Fixtures.path("rules/\(rule)/bad.out"))
    }

    @Test(arguments: ruleIDs)
    func passingFixture(rule: String) throws {
        let folder = Fixtures.path("rules/\(rule)/good")
        #expect(FileManager.default.fileExists(atPath: folder), "missing fixture \(folder)")
        let result = try Self.validate(folder)
        #expect(result.exitCode == 0)
        #expect(result.stderr.hasPrefix("ok: "), "good fixture of \(rule) has findings:\n\(result.stderr)")
    }
}
