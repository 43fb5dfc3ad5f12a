@testable import PolicyValidation
import PolicyModel
import Testing

@Suite("subscription-min-period")
struct SubscriptionMinPeriodTests {
    @Test(arguments: ["P3D", "P6D", "P6DT23H59M59S", "PT1H", "P0D", "PT167H"])
    func shorterThanAWeek(_ text: String) throws {
        let period = try #require(ISOPeriod(text))
        #expect(SubscriptionMinPeriodRule.isShorterThanAWeek(period))
    }

    @Test(arguments: ["P1W", "P7D", "PT168H", "P1M", "P1Y", "P2M", "P1Y1D", "P1MT1H"])
    func aWeekOrLonger(_ text: String) throws {
        let period = try #require(ISOPeriod(text))
        #expect(!SubscriptionMinPeriodRule.isShorterThanAWeek(period))
    }

    @Test("only auto-renewable periods are checked, at the period")
    func autoRenewableOnly() throws {
        let products = """
              - { id: com.example.demo.daily, type: auto-renewable, group: premium, period: P3D, grants: [premium] }
              - { id: com.example.demo.pass, type: non-renewing, period: P3D, grants: [premium] }
            """
        let app = try ReviewRuleSources.load(ReviewRuleSources.policy(products: products))
        #expect(SubscriptionMinPeriodRule().check(app).map(\.lineColumnMessage) == [
            "11:81: auto-renewable 'com.example.demo.daily' renews every 'P3D', less than seven days",
        ])
    }
}
