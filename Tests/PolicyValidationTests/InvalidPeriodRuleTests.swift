@testable import PolicyValidation
import Testing
import Diagnostics

@Suite("invalid-period")
struct InvalidPeriodRuleTests {
    static func subscription(_ period: String, offer: String? = nil) -> String {
        let intro = offer.map { ", intro_offer: { type: free-trial, period: \($0) }" } ?? ""
        return "products:\n  - { id: s, type: auto-renewable, group: g, period: \(period), grants: [free]\(intro) }\n"
    }

    @Test(arguments: InvalidPeriodRule.subscriptionPeriods)
    func soldSubscriptionPeriods(_ period: String) throws {
        #expect(try ModelRuleSources.messages(InvalidPeriodRule(), Self.subscription(period)).isEmpty)
    }

    @Test(arguments: InvalidPeriodRule.introOfferPeriods)
    func soldOfferPeriods(_ period: String) throws {
        #expect(try ModelRuleSources.messages(InvalidPeriodRule(), Self.subscription("P1M", offer: period)).isEmpty)
    }

    @Test(arguments: [("P7D", "write 'P1W'"), ("P12M", "write 'P1Y'"), ("P4M", nil), ("P1Y1D", nil), ("PT720H", nil)])
    func unsoldSubscriptionPeriod(_ period: String, _ help: String?) throws {
        let app = try ModelRuleSources.load(ModelRuleSources.policy(Self.subscription(period)))
        let findings = InvalidPeriodRule().check(app)
        #expect(findings.map(\.message) == [
            "'\(period)' is not an auto-renewable period the stores sell; expected P1W, P1M, P2M, P3M, P6M or P1Y",
        ])
        #expect(findings.first?.help == help)
    }

    @Test("periods shorter than a week are left to subscription-min-period")
    func shorterThanAWeek() throws {
        #expect(try ModelRuleSources.messages(InvalidPeriodRule(), Self.subscription("P3D")).isEmpty)
        #expect(try ModelRuleSources.messages(InvalidPeriodRule(), Self.subscription("P1m")) == [
            "'P1m' is not an ISO 8601 duration; expected P1W, P1M, P2M, P3M, P6M or P1Y",
        ])
    }

    @Test(arguments: [("P14D", "write 'P2W'"), ("P4D", nil)])
    func unsoldOfferPeriod(_ period: String, _ help: String?) throws {
        let app = try ModelRuleSources.load(ModelRuleSources.policy(Self.subscription("P1M", offer: period)))
        #expect(InvalidPeriodRule().check(app).map(\.help) == [help])
    }

    @Test(arguments: [("P30D", true), ("P3M", true), ("P2W", true), ("P1Y", true), ("P0M", false), ("P1Y6M", false),
                      ("PT24H", false), ("P1DT1H", false), ("30 days", false)])
    func nonRenewing(_ period: String, _ valid: Bool) throws {
        let body = "products:\n  - { id: nr, type: non-renewing, period: \"\(period)\", grants: [free] }\n"
        #expect(try ModelRuleSources.messages(InvalidPeriodRule(), body).isEmpty == valid)
    }

    @Test("non-consumables' periods are not periods the rule judges")
    func otherTypes() throws {
        let body = "products:\n  - { id: nr, type: non-consumable, period: forever, grants: [free] }\n"
        #expect(try ModelRuleSources.messages(InvalidPeriodRule(), body).isEmpty)
    }

    @Test(arguments: [("PT30S", nil), ("PT3M", nil), ("PT1H", nil), ("P1D", "write 'PT24H'"), ("P1W", "write 'PT168H'"),
                      ("PT0S", nil), ("P1M", nil), ("P1DT1H", nil)])
    func minInterval(_ interval: String, _ help: String?) throws {
        let body = "ads:\n  placements:\n    i: { format: interstitial, min_interval: \(interval) }\n"
        let app = try ModelRuleSources.load(ModelRuleSources.policy(body))
        let findings = InvalidPeriodRule().check(app)
        let valid = ["PT30S", "PT3M", "PT1H"].contains(interval)
        #expect(findings.isEmpty == valid)
        #expect(findings.first?.help == help)
        if !valid {
            #expect(findings.first?.message == "min_interval '\(interval)' is not a positive time duration; expected a "
                        + "time duration such as PT30S, PT3M or PT1H")
        }
    }
}
