import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate experiment simulate` on the example apps' experiments.
@Suite struct ExperimentCommandTests {
    static let root = Fixtures.repositoryRoot().path

    static func run(_ arguments: [String], in folder: String = root) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: folder))
    }

    @Test(arguments: [("photocollage", "onboarding-paywall", "text", "100000"), ("lingualeap", "exam-offer", "text", "1000"),
                      ("lingualeap", "exam-offer", "json", "1000")])
    func simulationMatchesItsGolden(app: String, experiment: String, format: String, users: String) {
        let result = Self.run(["experiment", "simulate", "--app", app, "--experiment", experiment, "--users", users,
                               "--format", format])
        #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let golden = Fixtures.path("cli/experiment/\(experiment)-\(users).\(format).golden")
        expectGolden(result.stdout, at: golden)
    }

    @Test func theDefaultIsOneHundredThousandUsers() {
        let result = Self.run(["experiment", "simulate", "--app", "photocollage", "--experiment", "onboarding-paywall"])
        #expect(result == Self.run(["experiment", "simulate", "--app", "photocollage", "--experiment", "onboarding-paywall",
                                    "--users", "100000"]))
        #expect(result.stdout.contains("100000 users, user-1 … user-100000\n"))
    }

    @Test func theJSONCountsAddUpToTheUsers() throws {
        let result = Self.run(["experiment", "simulate", "--app", "lingualeap", "--experiment", "exam-offer",
                               "--users", "5000", "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let variants = try #require(json["variants"] as? [[String: Any]])
        #expect(variants.compactMap { $0["count"] as? Int }.reduce(0, +) == 5000)
        #expect(variants.compactMap { $0["expected_share"] as? Double } == [0.5, 0.5])
        #expect(json["seed"] as? String == "exam-offer-2026")
        #expect((json["p_value"] as? Double).map { (0...1).contains($0) } == true)
    }

    @Test(arguments: [("paused", "note: the experiment is paused: resolve gives everyone its first variant 'paywall'"),
                      ("concluded\n    winner: holdout",
                       "note: the experiment is concluded: resolve gives everyone its winner 'holdout'")])
    func aStoppedExperimentIsSimulatedAsRunningWithANote(status: String, note: String) throws {
        let examples = try EditedExamples(app: "photocollage", replacing: [
            ("status: running                 # running | paused | concluded", "status: \(status)"),
        ])
        defer { examples.remove() }
        let stopped = Self.run(["experiment", "simulate", "--app", "photocollage", "--experiment", "onboarding-paywall",
                                "--users", "2000"], in: examples.folder.path)
        let running = Self.run(["experiment", "simulate", "--app", "photocollage", "--experiment", "onboarding-paywall",
                                "--users", "2000"])
        #expect(stopped.exitCode == 0, "\(stopped.stderr)")
        #expect(stopped.stdout.contains(note), "\(stopped.stdout)")
        let table = { (output: String) in output.split(separator: "\n").filter { $0.hasPrefix("paywall ") || $0.hasPrefix("holdout ") } }
        #expect(table(stopped.stdout) == table(running.stdout))
        #expect(!running.stdout.contains("note:"))
    }
}
