@testable import PolicyValidation
import Testing
import Diagnostics

@Suite("template-missing-key")
struct TemplateMissingKeyTests {
    static let common = """
            title: Premium
            restore: Restore
            terms: Terms
            privacy: Privacy
            price_unavailable: Unavailable
            disclosure: "Renews every {period} for {price}"

        """

    static func findings(products: String, paywall: String, section: String) throws -> [String] {
        let app = try ReviewRuleSources.load(
            ReviewRuleSources.policy(products: products, paywall: paywall),
            templates: ["en.yaml": ReviewRuleSources.template(common + section)])
        return TemplateMissingKeyRule().check(app).map(\.lineColumnMessage)
    }

    @Test("pay-as-you-go and pay-up-front offers need an intro line, a free trial a trial line")
    func offers() throws {
        let products = """
              - id: com.example.demo.monthly
                type: auto-renewable
                group: premium
                period: P1M
                grants: [premium]
                intro_offer: { type: pay-as-you-go, period: P1M, periods: 3 }
              - id: com.example.demo.yearly
                type: auto-renewable
                group: premium
                period: P1Y
                grants: [premium]
                intro_offer: { type: free-trial, period: P1W }
            """
        let section = "    auto-renewable:\n      price: \"{price}\"\n"
        #expect(try Self.findings(products: products, paywall: "[com.example.demo.monthly, com.example.demo.yearly]",
                                  section: section) == [
            "11:5: 'auto-renewable' of paywall 'main' has no 'trial' line",
            "11:5: 'auto-renewable' of paywall 'main' has no 'intro' line",
        ])
        #expect(try Self.findings(products: products, paywall: "[com.example.demo.yearly]",
                                  section: section) == ["11:5: 'auto-renewable' of paywall 'main' has no 'trial' line"])
    }

    @Test("a missing section is one finding that lists its lines")
    func missingSection() throws {
        let products = """
              - id: com.example.demo.monthly
                type: auto-renewable
                group: premium
                period: P1M
                grants: [premium]
                intro_offer: { type: pay-up-front, period: P3M }
            """
        let app = try ReviewRuleSources.load(
            ReviewRuleSources.policy(products: products),
            templates: ["en.yaml": ReviewRuleSources.template(Self.common)])
        let findings = TemplateMissingKeyRule().check(app)
        #expect(findings.map(\.lineColumnMessage) == [
            "4:3: paywall 'main' shows auto-renewable products but has no 'auto-renewable' section",
        ])
        #expect(findings.first?.help == "add 'auto-renewable: { price: …, intro: … }'")
    }

    @Test("products the policy does not declare are left to other rules")
    func unknownProduct() throws {
        let section = "    auto-renewable:\n      price: \"{price}\"\n"
        #expect(try Self.findings(products: ReviewRuleSources.defaultProducts,
                                  paywall: "[com.example.demo.monthly, com.example.demo.missing]",
                                  section: section).isEmpty)
    }

    @Test("a paywall without auto-renewable products needs no disclosure")
    func noDisclosureNeeded() throws {
        let products = "  - { id: com.example.demo.lifetime, type: non-consumable, grants: [premium] }"
        let lines = """
                title: Premium
                restore: Restore
                terms: Terms
                privacy: Privacy
                price_unavailable: Unavailable
                non-consumable:
                  price: "{price}"

            """
        let app = try ReviewRuleSources.load(
            ReviewRuleSources.policy(products: products, paywall: "[com.example.demo.lifetime]"),
            templates: ["en.yaml": ReviewRuleSources.template(lines)])
        #expect(TemplateMissingKeyRule().check(app).isEmpty)
    }
}
