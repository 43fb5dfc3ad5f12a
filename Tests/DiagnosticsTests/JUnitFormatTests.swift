import Diagnostics
import Foundation
import FoundationXML
import Testing

@Suite("JUnit report")
struct JUnitFormatTests {
    static func parse(_ xml: String) throws -> XMLElement {
        try #require(try XMLDocument(xmlString: xml, options: []).rootElement())
    }

    static func attribute(_ name: String, of element: XMLElement) -> String? {
        element.attribute(forName: name)?.stringValue
    }

    static func suites(_ root: XMLElement) -> [XMLElement] {
        root.elements(forName: "testsuite")
    }

    static func testCase(_ rule: String, in suite: XMLElement) throws -> XMLElement {
        try #require(suite.elements(forName: "testcase").first { attribute("name", of: $0) == rule })
    }

    @Test func hasATestCasePerRulePerApp() throws {
        let root = try Self.parse(JUnitFormat().render(ReportFixture.report))
        let apps = ReportFixture.report.apps
        let rules = ReportFixture.rules.map(\.id)
        #expect(root.name == "testsuites")
        #expect(Self.attribute("tests", of: root) == String(apps.count * rules.count))
        let suites = Self.suites(root)
        #expect(suites.compactMap { Self.attribute("name", of: $0) } == apps.map(\.app))
        for (suite, app) in zip(suites, apps) {
            let cases = suite.elements(forName: "testcase")
            #expect(cases.compactMap { Self.attribute("name", of: $0) } == rules)
            #expect(cases.allSatisfy { Self.attribute("classname", of: $0) == app.app })
            #expect(cases.allSatisfy { Self.attribute("file", of: $0) == app.file })
        }
    }

    @Test(arguments: [false, true])
    func countsFailuresAndSkips(strict: Bool) throws {
        let root = try Self.parse(JUnitFormat().render(ReportFixture.report, strict: strict))
        #expect(Self.attribute("failures", of: root) == (strict ? "4" : "3"))
        #expect(Self.attribute("skipped", of: root) == "1")
        #expect(Self.attribute("errors", of: root) == "0")
        let photocollage = try #require(Self.suites(root).first)
        #expect(Self.attribute("failures", of: photocollage) == (strict ? "3" : "2"))

        let duplicate = try Self.testCase("duplicate-product", in: photocollage)
        let failure = try #require(duplicate.elements(forName: "failure").first)
        #expect(Self.attribute("message", of: failure) == "1 finding")
        #expect(Self.attribute("type", of: failure) == "error")
        #expect(failure.stringValue?.hasPrefix(
            "Policies/photocollage.yaml:19:9: error: product 'com.example.photocollage.removeads' is declared twice")
            == true)

        let disclosure = try Self.testCase("review-price-disclosure", in: photocollage)
        #expect(disclosure.elements(forName: "failure").count == (strict ? 1 : 0))
        #expect(disclosure.elements(forName: "system-out").count == (strict ? 0 : 1))
        if strict {
            let warning = try #require(disclosure.elements(forName: "failure").first)
            #expect(Self.attribute("type", of: warning) == "warning")
        }
    }

    @Test func skipsWaivedRulesWithTheReason() throws {
        let root = try Self.parse(JUnitFormat().render(ReportFixture.report))
        let legal = try Self.testCase("review-legal-links", in: try #require(Self.suites(root).first))
        let skipped = try #require(legal.elements(forName: "skipped").first)
        let reason = "waived: links live in Settings | approved by legal\nsee LEGAL-12"
        #expect(Self.attribute("message", of: skipped) == reason)
    }

    @Test func escapesMarkupAndDropsWhatXMLCannotHold() throws {
        let text = "a<b>&\"c\"'d'\u{1}\u{1B}[0m\tz\u{FFFF}"
        let finding = Diagnostic(rule: "r", severity: .error, message: text, span: .wholeFile("P/<x>.yaml"))
        let app = AppReport(
            app: "<&app>", file: "P/<x>.yaml", diagnostics: [finding],
            checklist: [ChecklistEntry(item: "i", rule: "w", status: .waived, evidence: text)])
        let rules = ["r", "w"].map {
            RuleDescriptor(id: $0, severity: .error, category: "c", summary: "s", explanation: "e")
        }
        let root = try Self.parse(JUnitFormat().render(ValidationReport(apps: [app], rules: rules, toolVersion: "1")))
        let suite = try #require(Self.suites(root).first)
        #expect(Self.attribute("name", of: suite) == "<&app>")
        let failure = try #require(try Self.testCase("r", in: suite).elements(forName: "failure").first)
        #expect(failure.stringValue == "P/<x>.yaml:1:1: error: a<b>&\"c\"'d'[0m\tz [r]")
        let skipped = try #require(try Self.testCase("w", in: suite).elements(forName: "skipped").first)
        #expect(Self.attribute("message", of: skipped) == "waived: a<b>&\"c\"'d'[0m\tz")
    }

    @Test func failsRulesThatFindingsNameButTheReportDoesNotDescribe() throws {
        let finding = Diagnostic(
            rule: "yaml-syntax", severity: .error, message: "could not find expected ':'",
            span: .wholeFile("Policies/broken.yaml"))
        let app = AppReport(app: "broken", file: "Policies/broken.yaml", diagnostics: [finding], checklist: [])
        let root = try Self.parse(
            JUnitFormat().render(ValidationReport(apps: [app], rules: ReportFixture.rules, toolVersion: "1")))
        let suite = try #require(Self.suites(root).first)
        #expect(Self.attribute("tests", of: suite) == String(ReportFixture.rules.count + 1))
        #expect(try Self.testCase("yaml-syntax", in: suite).elements(forName: "failure").count == 1)
    }
}
