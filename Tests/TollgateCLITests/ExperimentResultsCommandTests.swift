import Foundation
import Store
import TestSupport
import Testing
import TollgateCLI
import TollgateEvaluation

/// `tollgate experiment results`: the report of what a store recorded, under the policy its channel serves, in
/// each format; each mistake with its exit code.
@Suite(.tags(.postgres)) struct ExperimentResultsCommandTests {
    static let noon = Timestamp("2026-11-30T12:00:00Z")!
    static let to = "2026-12-15T00:00:00Z"

    static func run(_ arguments: [String], in project: StoreProject) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: project.path))
    }

    static func results(_ extra: [String], in project: StoreProject) -> CommandResult {
        run(["experiment", "results", "--app", "photocollage", "--experiment", "onboarding-paywall",
             "--store", project.store, "--to", to] + extra, in: project)
    }

    /// Publishes the examples and records 60 users (54 see the paywall), of whom the first three of each variant
    /// buy: one in euros.
    static func project(_ backend: StoreBackend) throws -> StoreProject {
        let project = try StoreProject("experiment-results", backend: backend)
        let published = run(["publish", "--store", project.store, "-m", "examples"], in: project)
        #expect(published.exitCode == 0, "\(published.stderr)")
        let store = try StoreLocation(project.sharedStore).openExposures(.write)
        try store.recordExposures((0..<60).map { index in
            Exposure(app: "photocollage", experiment: "onboarding-paywall", seed: "onboarding-paywall",
                     variant: index % 10 == 0 ? "holdout" : "paywall", user: "u\(index)",
                     time: noon.adding(seconds: Int64(index) * 3600), policy: "sha256:1")
        })
        _ = try store.recordClientPurchases([1, 2, 3, 10, 20, 30].map { index in
            ClientPurchase(app: "photocollage", transaction: "t\(index)", user: "u\(index)",
                           time: noon.adding(seconds: Int64(index) * 3600 + 60), product: nil,
                           value: index == 3 ? "0" : "4.99", currency: index == 30 ? "EUR" : "USD")
        })
        return project
    }

    @Test(arguments: StoreBackend.allCases) func theReportMatchesItsGolden(_ backend: StoreBackend) throws {
        let project = try Self.project(backend)
        defer { project.remove() }
        let result = Self.results([], in: project)
        #expect(result.exitCode == 0 && result.stderr.isEmpty, "\(result.stderr)")
        expectGolden(result.stdout, at: Fixtures.path("cli/experiment/results.text.golden"))
    }

    @Test func everyFormatAndTheRates() throws {
        let project = try Self.project(.sqlite)
        defer { project.remove() }
        let json = Self.results(["--format", "json"], in: project)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(body["left_out_purchases"] as? Int == 1 && body["from"] as? String == Self.noon.description)
        let variants = try #require(body["variants"] as? [[String: Any]])
        #expect(variants.map { $0["users"] as? Int } == [54, 6])
        try project.write("base: USD\nrates: {EUR: 0.5}\n", to: "rates.yaml")
        let converted = Self.results(["--format", "json", "--rates", "rates.yaml"], in: project)
        let revenue = try #require(try JSONSerialization.jsonObject(with: Data(converted.stdout.utf8)) as? [String: Any])
        #expect(revenue["left_out_purchases"] as? Int == 0)
        let holdout = try #require((revenue["variants"] as? [[String: Any]])?[1]["metrics"] as? [String: [String: Any]])
        #expect(holdout["revenue"]?["sum"] as? Double == 4.99 + 4.99 + 9.98)
        #expect(Self.results(["--format", "markdown"], in: project).stdout.hasPrefix("## photocollage: experiment"))
        #expect(Self.results(["--format", "html"], in: project).stdout.contains("<svg"))
        let sequential = Self.results(["--sequential", "--format", "json"], in: project)
        #expect(sequential.stdout.contains("\"sequential\":true"))
    }

    @Test func theWeightsAreThoseTheStoreServes() throws {
        let project = try Self.project(.sqlite)
        defer { project.remove() }
        try project.edit("Policies/photocollage.yaml", replacing: "paywall: { paywall: main, weight: 90 }",
                         with: "paywall: { paywall: main, weight: 50 }")
        let json = Self.results(["--format", "json"], in: project)
        #expect(json.stdout.contains("\"variant\":\"paywall\",\"weight\":90"), "the published version, not the edit")
    }

    @Test func mistakesHaveTheirExitCodes() throws {
        let project = try Self.project(.sqlite)
        defer { project.remove() }
        try project.write("base: USD\nrates: {EUR: none}\n", to: "rates.yaml")
        let rates = Self.results(["--rates", "rates.yaml"], in: project)
        #expect(rates.exitCode == 1 && rates.stderr.hasPrefix("rates.yaml:2:14: error: the rate of EUR"),
                "\(rates.stderr)")
        let window = Self.results(["--window", "P1M"], in: project)
        #expect(window.exitCode == 2 && window.stderr.hasPrefix("error: window 'P1M' is not a duration"))
        let currency = Self.results(["--currency", "GBP", "--rates", "missing.yaml"], in: project)
        #expect(currency.exitCode == 2 && currency.stderr.contains("missing.yaml"))
        try project.write("base: USD\nrates: {EUR: 0.5}\n", to: "good.yaml")
        let unconvertible = Self.results(["--currency", "GBP", "--rates", "good.yaml"], in: project)
        #expect(unconvertible.exitCode == 2 && unconvertible.stderr.contains("no rate for the report's currency GBP"))
        let unknown = Self.run(["experiment", "results", "--app", "photocollage", "--experiment", "nope",
                                "--store", project.store], in: project)
        #expect(unknown.exitCode == 2 && unknown.stderr.contains("the experiments are onboarding-paywall"))
        let noStore = Self.run(["experiment", "results", "--app", "photocollage", "--experiment", "onboarding-paywall",
                                "--store", "elsewhere.sqlite"], in: project)
        #expect(noStore.exitCode == 2 && noStore.stderr.hasPrefix("error: no store at elsewhere.sqlite"),
                "\(noStore.stderr)")
        let simulate = Self.run(["experiment", "simulate", "--app", "photocollage", "--experiment",
                                 "onboarding-paywall", "--format", "html"], in: project)
        #expect(simulate.exitCode == 2 && simulate.stderr.contains("simulate prints text or json"))
    }
}
