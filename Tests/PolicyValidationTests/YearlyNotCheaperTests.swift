@testable import PolicyValidation
import Testing
import Project
import TollgateEvaluation
import Diagnostics
import Foundation

@Suite("yearly-not-cheaper")
struct YearlyNotCheaperTests {
    static let rule = YearlyNotCheaperRule(currencyDigits: ValidationContext.icu().currencyDigits)

    static func body(_ products: String) -> String {
        "tiers:\n  plus: {}\n  pro: { includes: [plus] }\nproducts:\n" + products
    }

    @Test("weekly against monthly uses 7 of 30.4375 days")
    func weekly() throws {
        // 1.00 a week is 4.348… a month: a monthly plan at 4.35 is dearer, at 4.34 cheaper.
        let dearer = """
              - { id: w, type: auto-renewable, group: g, period: P1W, grants: [pro], reference_prices: { USD: "1.00" } }
              - { id: m, type: auto-renewable, group: g, period: P1M, grants: [pro], reference_prices: { USD: "4.35" } }
            """
        #expect(try ModelRuleSources.messages(Self.rule, Self.body(dearer)) == [
            "'m' (P1M) costs 4.350 USD per month, more than 'w' (P1W) at 4.348 USD per month",
        ])
        let cheaper = dearer.replacingOccurrences(of: "\"4.35\"", with: "\"4.34\"")
        #expect(try ModelRuleSources.messages(Self.rule, Self.body(cheaper)).isEmpty)
    }

    @Test("an exact tie is not dearer")
    func tie() throws {
        let products = """
              - { id: m, type: auto-renewable, group: g, period: P1M, grants: [pro], reference_prices: { USD: "5.00" } }
              - { id: yr, type: auto-renewable, group: g, period: P1Y, grants: [pro], reference_prices: { USD: "60.00" } }
            """
        #expect(try ModelRuleSources.messages(Self.rule, Self.body(products)).isEmpty)
        let dearer = products.replacingOccurrences(of: "60.00", with: "60.01")
        let findings = try ModelRuleSources.load(ModelRuleSources.policy(Self.body(dearer)))
        #expect(Self.rule.check(findings).map(\.message) == [
            "'yr' (P1Y) costs 5.001 USD per month, more than 'm' (P1M) at 5.000 USD per month",
        ])
    }

    @Test("different service levels, groups, currencies and bad prices are not compared")
    func notCompared() throws {
        let products = """
              - { id: plus.m, type: auto-renewable, group: g, period: P1M, grants: [plus], reference_prices: { USD: "1.00" } }
              - { id: pro.y, type: auto-renewable, group: g, period: P1Y, grants: [pro], reference_prices: { USD: "99.00" } }
              - { id: pro.m, type: auto-renewable, group: h, period: P1M, grants: [pro], reference_prices: { USD: "2.00" } }
              - { id: pro.q, type: auto-renewable, group: g, period: P3M, grants: [pro], reference_prices: { EUR: "90.00" } }
              - { id: pro.s, type: auto-renewable, group: g, period: P6M, grants: [pro], reference_prices: { USD: "1,00" } }
              - { id: pro.x, type: auto-renewable, group: g, period: P1Month, grants: [pro], reference_prices: { USD: "1" } }
            """
        #expect(try ModelRuleSources.messages(Self.rule, Self.body(products)).isEmpty)
    }

    @Test("the first currency, in the longer plan's order, that shows it; the span is that amount")
    func currencyOrder() throws {
        let products = """
              - { id: m, type: auto-renewable, group: g, period: P1M, grants: [pro], reference_prices: { KRW: "4900", USD: "3.99" } }
              - { id: yr, type: auto-renewable, group: g, period: P1Y, grants: [pro], reference_prices: { USD: "59.99", KRW: "59000" } }
            """
        let app = try ModelRuleSources.load(ModelRuleSources.policy(Self.body(products)))
        let findings = Self.rule.check(app)
        #expect(findings.map(\.message) == [
            "'yr' (P1Y) costs 5.00 USD per month, more than 'm' (P1M) at 3.99 USD per month",
        ])
        #expect(findings.first?.span.start.line == 12)
        #expect(findings.first?.help == "a longer plan should cost less per month: price 'yr' below 47.88 USD, "
                    + "or check the reference prices")
    }
}
