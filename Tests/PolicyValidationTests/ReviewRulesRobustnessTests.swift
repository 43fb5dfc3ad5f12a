@testable import PolicyValidation
import Testing
import Project
import Diagnostics

@Suite("template and review rules on unusual input")
struct ReviewRulesRobustnessTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var policy: String
        var templates: [String: String]
        var testDescription: String { name }
    }

    static let rules = Validator.templateRules(.icu()) + Validator.reviewRules(.icu())

    static let cases = [
        Case(name: "nothing sold, no paywalls, no templates",
             policy: ReviewRuleSources.policy(products: "  []", paywall: "[]", legal: "{}"), templates: [:]),
        Case(name: "empty paywall template and unparsable messages",
             policy: ReviewRuleSources.policy(),
             templates: ["en.yaml": ReviewRuleSources.template("""
                    disclosure: "{price"
                    auto-renewable: {}
                    consumable:
                      trial: "}{"
                      price: ""
                """)]),
        Case(name: "empty messages everywhere",
             policy: ReviewRuleSources.policy(),
             templates: ["en.yaml": """
                format: tollgate-templates/v1
                locale: en
                tiers: { premium: "" }
                paywalls:
                  main: {}
                  other: {}
                """]),
        Case(name: "paywall of unknown products and a template file with no paywalls",
             policy: ReviewRuleSources.policy(paywall: "[com.example.demo.unknown]"),
             templates: ["en.yaml": "format: tollgate-templates/v1\nlocale: en\n"]),
    ]

    @Test(arguments: cases)
    func noCrash(_ test: Case) throws {
        let app = try ReviewRuleSources.load(test.policy, templates: test.templates)
        let files = Set(["Policies/demo.yaml"] + test.templates.keys.map { "Templates/demo/\($0)" })
        for rule in Self.rules {
            for finding in rule.check(app) {
                #expect(files.contains(finding.span.file), "\(finding)")
                #expect(finding.span.start.line >= 1 && finding.span.start.column >= 1, "\(finding)")
                #expect(finding.span.start <= finding.span.end, "\(finding)")
            }
            _ = rule.evidence(app)
        }
    }
}
