import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate eval`, `bundle` and `matrix --truth-table` on the example apps.
@Suite struct EvalCommandTests {
    static let root = Fixtures.repositoryRoot().path
    static let now = Date(timeIntervalSince1970: 1_796_040_000)

    static func run(_ arguments: [String], stdin: String = "") -> CommandResult {
        let bytes = Array(stdin.utf8)
        return Tollgate.run(arguments, context: CommandContext(currentDirectory: root, now: now,
                                                               readStandardInput: { bytes }))
    }

    static func check(_ output: String, _ golden: String) {
        expectGolden(output, at: Fixtures.path("cli/eval/\(golden)"))
    }

    @Test(arguments: ["spec-example", "refunded-premium", "not-synced"])
    func inputFileMatchesGolden(name: String) {
        let result = Self.run(["eval", "--app", "photocollage", "--input", "Tests/Fixtures/cli/eval/\(name).json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        Self.check(result.stdout, "\(name).golden")
    }

    @Test func textFormatIsAReadableTable() {
        let result = Self.run(["eval", "--app", "photocollage", "--input", "Tests/Fixtures/cli/eval/spec-example.json",
                               "--format", "text"])
        #expect(result.exitCode == 0)
        Self.check(result.stdout, "spec-example.text.golden")
    }

    @Test func productsShortFormMeansActiveSyncedConsentGranted() throws {
        let result = Self.run(["eval", "--app", "photocollage", "--products", "com.example.photocollage.premium.yearly"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["tiers"] as? [String] == ["free", "remove-ads", "premium"])
        #expect((json["ads"] as? [String: Any])?["reason"] as? String
            == "ad-free: remove-ads granted by com.example.photocollage.premium.yearly")
    }

    @Test(arguments: ["photocollage", "lingualeap"])
    func everyNameTheTextFormatPrintsIsAcceptedByProducts(app: String) throws {
        let locked = Self.run(["eval", "--app", app, "--products", "", "--format", "text"])
        try #require(locked.exitCode == 0, "\(locked.stderr)")
        let names = Set(locked.stdout.components(separatedBy: "granted by ").dropFirst().flatMap { rest in
            (rest.split(separator: "\n").first ?? "").split(separator: ";")[0].components(separatedBy: ", ")
        })
        #expect(names.count >= 2, "\(locked.stdout)")
        for name in names {
            let result = Self.run(["eval", "--app", app, "--products", name, "--format", "text"])
            #expect(result.exitCode == 0 && result.stderr.isEmpty, "'\(name)': \(result.stderr)")
            #expect(!result.stdout.contains("warning: unknown product"), "'\(name)': \(result.stdout)")
            #expect(result.stdout.contains("granted by \(name) (active)"), "'\(name)': \(result.stdout)")
        }
    }

    @Test(arguments: [
        ("photocollage", "premium.yearly", "com.example.photocollage.premium.yearly"),
        ("photocollage", "coins.100", "com.example.photocollage.coins.100"),
        ("lingualeap", "weekly", "com.example.lingualeap.pro.weekly"),
        ("lingualeap", "pass", "com.example.lingualeap.exam.pass"),
    ])
    func aShortNameMeansTheSameAsTheID(app: String, name: String, id: String) {
        let short = Self.run(["eval", "--app", app, "--products", name])
        #expect(short.exitCode == 0, "\(short.stderr)")
        #expect(short == Self.run(["eval", "--app", app, "--products", id]))
    }

    @Test func productsMayBeRepeated() {
        let repeated = Self.run(["eval", "--app", "photocollage", "--products", "removeads",
                                 "--products", "premium.monthly"])
        #expect(repeated.exitCode == 0)
        #expect(repeated == Self.run(["eval", "--app", "photocollage", "--products", "removeads,premium.monthly"]))
    }

    @Test func standardInputIsReadWithADash() {
        let input = #"{"entitlements":[{"product":"com.example.photocollage.removeads","state":"active"}]}"#
        let result = Self.run(["eval", "--app", "photocollage", "--input", "-"], stdin: input)
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains(#""remove-ads""#))
    }

    @Test(arguments: [
        ("bad-state.json", "entitlements[0].state"),
        ("truncated.json", "bad JSON"),
    ])
    func unreadableInputExitsWithOne(file: String, fragment: String) {
        let result = Self.run(["eval", "--app", "photocollage", "--input", "Tests/Fixtures/cli/eval/\(file)"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.hasPrefix("error: Tests/Fixtures/cli/eval/\(file): "), "\(result.stderr)")
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
    }

    @Test(arguments: [
        ["eval", "--app", "photocollage"],
        ["eval", "--app", "photocollage", "--products", "a", "--input", "b"],
        ["eval", "--products", "a"],
        ["eval", "--app", "photocollage", "--input", "no/such/file.json"],
    ])
    func usageErrorsExitWithTwo(arguments: [String]) {
        #expect(Self.run(arguments).exitCode == 2)
    }

    @Test func bundleIsCanonicalAndNamedByItsHash() throws {
        let result = Self.run(["bundle", "--app", "photocollage"])
        #expect(result.exitCode == 0)
        Self.check(result.stdout, "photocollage.bundle.golden")
        #expect(!result.stdout.contains("  "), "canonical JSON has no indentation")
    }

    @Test func bundleToAFileReplacesItWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-bundle-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("photocollage.json").path
        let result = Self.run(["bundle", "--app", "photocollage", "-o", output])
        #expect(result.exitCode == 0)
        #expect(result.stderr.hasPrefix("wrote \(output) (sha256:"))
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == Self.run(["bundle", "--app", "photocollage"]).stdout)
    }

    @Test func truthTableMatchesGolden() {
        let result = Self.run(["matrix", "--app", "photocollage", "--truth-table"])
        #expect(result.exitCode == 0)
        Self.check(result.stdout, "photocollage.truth-table.golden")
    }
}
