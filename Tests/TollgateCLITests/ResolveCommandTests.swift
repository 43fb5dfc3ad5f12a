import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate resolve` on the example apps: the decision JSON, the text for people, and its errors.
@Suite struct ResolveCommandTests {
    static let root = Fixtures.repositoryRoot().path
    static let now = Date(timeIntervalSince1970: 1_796_040_000)

    static func run(_ arguments: [String], in folder: String = root, stdin: String = "") -> CommandResult {
        let bytes = Array(stdin.utf8)
        return Tollgate.run(arguments, context: CommandContext(currentDirectory: folder, now: now,
                                                               readStandardInput: { bytes }))
    }

    static func resolve(_ context: String, placement: String = "onboarding", format: String = "json",
                        in folder: String = root) -> CommandResult {
        run(["resolve", "--app", "photocollage", "--placement", placement, "--input",
             "\(root)/Tests/Fixtures/cli/resolve/\(context).json", "--format", format], in: folder)
    }

    static func decision(_ result: CommandResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test(arguments: ["subscriber", "new-user-japan", "no-user-id", "engaged"], ["json", "text"])
    func decisionMatchesItsGolden(context: String, format: String) {
        let result = Self.run(["resolve", "--app", "photocollage", "--placement", "onboarding", "--input",
                               "Tests/Fixtures/cli/resolve/\(context).json", "--format", format])
        #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let golden = Fixtures.path("cli/resolve/\(context)\(format == "json" ? "" : ".text").golden")
        expectGolden(result.stdout, at: golden)
    }

    @Test func aSubscriberMatchesTargetingAndIsShownNothing() throws {
        let decision = try Self.decision(Self.resolve("subscriber"))
        #expect(decision["reason"] as? String == "TARGETING_MATCH")
        #expect(decision["show"] as? Bool == false)
        #expect(decision["audience"] as? String == "subscribers")
        #expect(decision["paywall"] is NSNull && decision["experiment"] is NSNull && decision["bucket"] is NSNull)
        #expect(decision["trace"] as? [String] == ["subscribers: matched"])
    }

    @Test func aNewUserInJapanIsSplitByBucket() throws {
        let decision = try Self.decision(Self.resolve("new-user-japan"))
        #expect(decision["reason"] as? String == "SPLIT")
        #expect(decision["audience"] as? String == "japan-new")
        #expect(decision["experiment"] as? String == "onboarding-paywall")
        let bucket = try #require(decision["bucket"] as? Int)
        #expect((0..<100).contains(bucket))
        #expect(decision["variant"] as? String == (bucket < 90 ? "paywall" : "holdout"))
    }

    @Test func withoutAUserIDTheExperimentGivesItsFirstVariantByDefault() throws {
        let decision = try Self.decision(Self.resolve("no-user-id"))
        #expect(decision["reason"] as? String == "DEFAULT")
        #expect(decision["variant"] as? String == "paywall")
        #expect(decision["paywall"] as? String == "main")
        #expect(decision["bucket"] is NSNull)
    }

    @Test(arguments: [("paused", "STATIC", "paywall", "paused: everyone gets its first variant"),
                      ("concluded\n    winner: holdout", "STATIC", "holdout", "concluded: everyone gets its winner")])
    func aStoppedExperimentGivesEveryoneOneVariant(status: String, reason: String, variant: String, words: String) throws {
        let examples = try EditedExamples(app: "photocollage", replacing: [
            ("status: running                 # running | paused | concluded", "status: \(status)"),
        ])
        defer { examples.remove() }
        let result = Self.resolve("new-user-japan", in: examples.folder.path)
        let decision = try Self.decision(result)
        #expect(decision["reason"] as? String == reason, "\(result.stderr)")
        #expect(decision["variant"] as? String == variant)
        #expect(decision["bucket"] is NSNull)
        #expect(Self.resolve("new-user-japan", format: "text", in: examples.folder.path).stdout.contains(words))
    }

    @Test func aPlacementWhereNoAudienceMatchesShowsNothingByDefault() throws {
        let examples = try EditedExamples(app: "photocollage", replacing: [
            ("      - id: everyone\n        experiment: onboarding-paywall\n", ""),
        ])
        defer { examples.remove() }
        let nobody = Self.run(["resolve", "--app", "photocollage", "--placement", "onboarding", "--input", "-"],
                              in: examples.folder.path, stdin: #"{"storefront": "USA"}"#)
        let fallback = try Self.decision(nobody)
        #expect(fallback["reason"] as? String == "DEFAULT")
        #expect(fallback["show"] as? Bool == false)
        #expect(fallback["audience"] is NSNull)
        #expect(Self.run(["resolve", "--app", "photocollage", "--placement", "onboarding", "--input", "-",
                          "--format", "text"], in: examples.folder.path, stdin: "{}").stdout
            .contains("DEFAULT — no audience matched, so nothing shows"))
    }

    @Test func anAppWithoutPlacementsOrExperimentsSaysSo() throws {
        let examples = try EditedExamples.withoutPlacements(app: "lingualeap")
        defer { examples.remove() }
        let resolve = Self.run(["resolve", "--app", "lingualeap", "--placement", "onboarding", "--input", "-"],
                               in: examples.folder.path, stdin: "{}")
        #expect(resolve == CommandResult(stderr: """
            error: unknown placement 'onboarding' in app 'lingualeap'
              help: the app has no placements
            see 'tollgate resolve --help'

            """, exitCode: 2))
        let simulate = Self.run(["experiment", "simulate", "--app", "lingualeap", "--experiment", "exam-offer"],
                                in: examples.folder.path)
        #expect(simulate == CommandResult(stderr: """
            error: unknown experiment 'exam-offer' in app 'lingualeap'
              help: the app has no experiments
            see 'tollgate experiment --help'

            """, exitCode: 2))
    }

    @Test func standardInputIsReadWithADash() throws {
        let file = try String(contentsOfFile: "\(Self.root)/Tests/Fixtures/cli/resolve/new-user-japan.json", encoding: .utf8)
        let piped = Self.run(["resolve", "--app", "photocollage", "--placement", "onboarding", "--input", "-"], stdin: file)
        #expect(piped == Self.resolve("new-user-japan"))
    }

    @Test func theJSONIsLaidOutAsEvalLaysOutItsOwn() {
        let stdout = Self.resolve("subscriber").stdout
        #expect(stdout.hasPrefix("{\n  \"app\" : \"photocollage\",\n"))
        #expect(stdout.hasSuffix("\n}\n"))
    }
}

/// The decision `make run` prints and the README shows come from the example context as committed.
@Suite struct ResolveExampleTests {
    @Test func makeRunResolvesTheExampleContextAsTheREADMEShows() throws {
        let root = Fixtures.repositoryRoot()
        let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
        let line = try #require(makefile.split(separator: "\n").first { $0.contains("$(BIN) resolve ") })
        let arguments = line.split(separator: " ").drop { $0 != "resolve" }.map(String.init)
        let result = Tollgate.run(arguments, context: CommandContext(currentDirectory: root.path))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let decision = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let bucket = try #require(decision["bucket"] as? Int)
        #expect(readme.contains("\"bucket\": \(bucket)"))
        #expect(readme.contains("\"reason\": \"\(try #require(decision["reason"] as? String))\""))
        #expect(readme.contains("\"variant\": \"\(try #require(decision["variant"] as? String))\""))
        for line in try #require(decision["trace"] as? [String]) {
            let quoted = line.replacingOccurrences(of: "\"", with: "\\\"")
            #expect(readme.contains("\"\(quoted)\""), "\(line)")
        }
    }
}
