import Foundation
import Testing

@testable import Diagnostics

@Suite("SARIF report")
struct SARIFFormatTests {
    /// The report decoded as untyped JSON, the way a SARIF consumer reads it.
    static func decode(_ report: ValidationReport) throws -> [String: Any] {
        let data = Data(SARIFFormat().render(report).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func run(_ log: [String: Any]) throws -> [String: Any] {
        let runs = try #require(log["runs"] as? [[String: Any]])
        try #require(runs.count == 1)
        return runs[0]
    }

    static func rules(_ run: [String: Any]) throws -> [[String: Any]] {
        let tool = try #require(run["tool"] as? [String: Any])
        let driver = try #require(tool["driver"] as? [String: Any])
        return try #require(driver["rules"] as? [[String: Any]])
    }

    static func results(_ run: [String: Any]) throws -> [[String: Any]] {
        try #require(run["results"] as? [[String: Any]])
    }

    @Test func hasTheTopLevelGitHubRequires() throws {
        let log = try Self.decode(ReportFixture.report)
        #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let run = try Self.run(log)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "tollgate")
        #expect(driver["version"] as? String == "1.0.0")
        #expect(driver["informationUri"] == nil)
    }

    @Test func listsEveryRuleWithItsDescriptions() throws {
        let rules = try Self.rules(Self.run(Self.decode(ReportFixture.report)))
        #expect(rules.compactMap { $0["id"] as? String } == ReportFixture.rules.map(\.id))
        for (rule, descriptor) in zip(rules, ReportFixture.rules) {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == descriptor.summary)
            #expect((rule["fullDescription"] as? [String: Any])?["text"] as? String == descriptor.explanation)
            #expect((rule["help"] as? [String: Any])?["text"] as? String == descriptor.explanation)
            let configuration = rule["defaultConfiguration"] as? [String: Any]
            #expect(configuration?["level"] as? String == descriptor.severity.rawValue)
        }
        #expect(rules.first?["name"] as? String == "UnknownTier")
    }

    @Test func everyResultPointsAtItsRule() throws {
        let run = try Self.run(Self.decode(ReportFixture.report))
        let rules = try Self.rules(run)
        let results = try Self.results(run)
        #expect(results.count == ReportFixture.report.diagnostics.count)
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            try #require(rules.indices.contains(index))
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
            #expect(["error", "warning", "note"].contains(result["level"] as? String))
            let locations = try #require(result["locations"] as? [[String: Any]])
            #expect(locations.count == 1)
        }
    }

    @Test func resultCarriesRegionHelpAndRelatedLocations() throws {
        let results = try Self.results(Self.run(Self.decode(ReportFixture.report)))
        let duplicate = try #require(results.first { $0["ruleId"] as? String == "duplicate-product" })
        let location = try #require((duplicate["locations"] as? [[String: Any]])?.first)
        let physical = try #require(location["physicalLocation"] as? [String: Any])
        #expect((physical["artifactLocation"] as? [String: Any])?["uri"] as? String == "Policies/photocollage.yaml")
        let region = try #require(physical["region"] as? [String: Int])
        #expect(region == ["startLine": 19, "startColumn": 9, "endLine": 19, "endColumn": 43])
        let related = try #require(duplicate["relatedLocations"] as? [[String: Any]])
        #expect((related.first?["message"] as? [String: Any])?["text"] as? String == "first declared here")

        let unknownTier = try #require(results.first { $0["ruleId"] as? String == "unknown-tier" })
        let message = try #require((unknownTier["message"] as? [String: Any])?["text"] as? String)
        #expect(message.hasSuffix("\nhelp: did you mean 'remove-ads'?"))
        #expect(unknownTier["relatedLocations"] == nil)
    }

    @Test func fnv1aMatchesPublishedVectors() {
        #expect(SARIFFormat.fnv1a64("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(SARIFFormat.fnv1a64("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(SARIFFormat.fnv1a64("foobar".utf8) == 0x8594_4171_f739_67e8)
    }

    @Test func fingerprintIgnoresLinesButNotWhatTheFindingSays() {
        let finding = ReportFixture.photocollage.diagnostics[0]
        var moved = finding
        moved.span.start.line += 10
        moved.span.end.line += 10
        var reworded = finding
        reworded.message += "!"
        let fingerprint = SARIFFormat.fingerprint(finding)
        #expect(fingerprint.count == 16)
        #expect(fingerprint.allSatisfy { $0.isHexDigit })
        #expect(SARIFFormat.fingerprint(moved) == fingerprint)
        #expect(SARIFFormat.fingerprint(reworded) != fingerprint)
    }

    @Test func equalFindingsGetDistinctFingerprints() throws {
        let finding = ReportFixture.photocollage.diagnostics[0]
        var again = finding
        again.span.start.line += 1
        again.span.end.line += 1
        let app = AppReport(app: "a", file: "Policies/a.yaml", diagnostics: [finding, again], checklist: [])
        let results = try Self.results(Self.run(Self.decode(
            ValidationReport(apps: [app], rules: ReportFixture.rules, toolVersion: "1.0.0"))))
        let fingerprints = results.compactMap { ($0["partialFingerprints"] as? [String: String])?["tollgate/v1"] }
        let hash = SARIFFormat.fingerprint(finding)
        #expect(fingerprints == ["\(hash):1", "\(hash):2"])
    }

    @Test func truncatesLongDescriptionsForGitHub() throws {
        let long = String(repeating: "a", count: 2000)
        let rule = RuleDescriptor(id: "long", severity: .warning, category: "c", summary: long, explanation: long)
        let rules = try Self.rules(Self.run(Self.decode(ValidationReport(apps: [], rules: [rule], toolVersion: "1"))))
        let full = try #require((rules.first?["fullDescription"] as? [String: Any])?["text"] as? String)
        let short = try #require((rules.first?["shortDescription"] as? [String: Any])?["text"] as? String)
        #expect(full.count == 1024)
        #expect(full.hasSuffix("…"))
        #expect(short.count == 1024)
        #expect((rules.first?["help"] as? [String: Any])?["text"] as? String == long)
    }

    @Test func describesRulesThatFindingsNameButTheReportDoesNot() throws {
        let finding = Diagnostic(
            rule: "yaml-syntax", severity: .error, message: "could not find expected ':'",
            span: .wholeFile("Policies/broken.yaml"))
        let app = AppReport(app: "broken", file: "Policies/broken.yaml", diagnostics: [finding], checklist: [])
        let run = try Self.run(Self.decode(ValidationReport(apps: [app], rules: ReportFixture.rules, toolVersion: "1")))
        let rules = try Self.rules(run)
        let result = try #require(Self.results(run).first)
        let index = try #require(result["ruleIndex"] as? Int)
        #expect(index == ReportFixture.rules.count)
        #expect(rules[index]["id"] as? String == "yaml-syntax")
        #expect((rules[index]["defaultConfiguration"] as? [String: Any])?["level"] as? String == "error")
    }

    @Test func percentEncodesPathsIntoURIs() throws {
        let finding = Diagnostic(
            rule: "unknown-tier", severity: .error, message: "m", span: .wholeFile("Templates/my app/가격.yaml"))
        let app = AppReport(app: "a", file: "Policies/a.yaml", diagnostics: [finding], checklist: [])
        let result = try #require(Self.results(Self.run(Self.decode(
            ValidationReport(apps: [app], rules: ReportFixture.rules, toolVersion: "1")))).first)
        let location = try #require((result["locations"] as? [[String: Any]])?.first)
        let artifact = (location["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        #expect(artifact?["uri"] as? String == "Templates/my%20app/%EA%B0%80%EA%B2%A9.yaml")
    }
}
