import Customers
import JSON
import Testing
import TollgateEvaluation

/// The purchase-state table, row by row (auto-renewable, non-consumable, non-renewing, consumable), and its
/// subtleties.
@Suite struct EntitlementTableTests {
    typealias P = Payloads
    static let subscription = ProductFacts(type: .autoRenewable)
    static let month = P.day * 30

    @Test func anActiveSubscriptionExpiresAtThePeriodsEnd() throws {
        let purchase = P.purchase([try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0)],
                                  renewal: try P.renewal(signed: 0))
        let entry = try #require(purchase.entitlement(at: P.at(10), product: Self.subscription))
        #expect(entry == CustomerEntitlement(
            product: "pro.monthly", state: .active, expires: P.at(Self.month), store: .appStore,
            environment: .production, originalTransaction: "1000", ownership: .purchased, periodType: .normal,
            willRenew: true))
        #expect(entry.entitlement
            == Entitlement(product: "pro.monthly", state: .active, expires: P.at(Self.month).date))
        #expect(purchase.entitlement(at: P.at(Self.month), product: Self.subscription)?.state == .expired)
        #expect(purchase.entitlement(at: P.at(Self.month), product: Self.subscription)?.expires == nil)
    }

    @Test func theLatestRenewalIsTheCurrentPeriod() throws {
        let purchase = P.purchase([
            try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0),
            try P.transaction("1001", purchased: Self.month, expires: 2 * Self.month, signed: Self.month),
        ])
        let entry = try #require(purchase.entitlement(at: P.at(Self.month + 5), product: Self.subscription))
        #expect(entry.state == .active)
        #expect(entry.expires == P.at(2 * Self.month))
        #expect(entry.willRenew == false, "no renewal info")
    }

    @Test func anUpgradeMovesToTheNewProductIgnoringTheUpgradedOne() throws {
        // The old yearly transaction still ends later, but it was upgraded from: the new product's period counts.
        let purchase = P.purchase([
            try P.transaction("1000", product: "pro.basic", purchased: 0, expires: 12 * Self.month, signed: 100,
                              revoked: 100, upgraded: true),
            try P.transaction("1001", product: "pro.plus", purchased: 100, expires: Self.month, signed: 100),
        ])
        #expect(purchase.productID == "pro.plus")
        let entry = try #require(purchase.entitlement(at: P.at(200), product: Self.subscription))
        #expect(entry.product == "pro.plus")
        #expect(entry.state == .active)
        #expect(entry.expires == P.at(Self.month))
    }

    @Test func onlyUpgradedTransactionsNameNoEntitlement() throws {
        let purchase = P.purchase([
            try P.transaction("1000", purchased: 0, expires: Self.month, signed: 100, revoked: 100, upgraded: true),
        ])
        #expect(purchase.entitlement(at: P.at(200), product: Self.subscription) == nil)
    }

    @Test func aRefundOfAnEarlierRenewalKeepsTheCurrentPeriod() throws {
        let purchase = P.purchase([
            try P.transaction("1000", purchased: 0, expires: Self.month, signed: Self.month + 10,
                              revoked: Self.month + 10),
            try P.transaction("1001", purchased: Self.month, expires: 2 * Self.month, signed: Self.month),
        ])
        let entry = try #require(purchase.entitlement(at: P.at(Self.month + 20), product: Self.subscription))
        #expect(entry.state == .active)
        #expect(entry.expires == P.at(2 * Self.month))
    }

    @Test func aRefundOfTheCurrentPeriodRevokes() throws {
        let purchase = P.purchase([
            try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0),
            try P.transaction("1001", purchased: Self.month, expires: 2 * Self.month, signed: Self.month + 10,
                              revoked: Self.month + 10),
        ], renewal: try P.renewal(signed: Self.month + 10, graceUntil: 3 * Self.month))
        let entry = try #require(purchase.entitlement(at: P.at(Self.month + 20), product: Self.subscription))
        #expect(entry.state == .revoked)
        #expect(entry.expires == nil)
    }

    @Test func graceThenBillingRetryThenExpiredAsNowMoves() throws {
        let grace = Self.month + 16 * P.day
        let retrying = P.purchase([try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0)],
                                  renewal: try P.renewal(signed: Self.month, billingRetry: true, graceUntil: grace))
        let inGrace = try #require(retrying.entitlement(at: P.at(Self.month + 1), product: Self.subscription))
        #expect(inGrace.state == .gracePeriod)
        #expect(inGrace.expires == P.at(grace))
        let afterGrace = try #require(retrying.entitlement(at: P.at(grace), product: Self.subscription))
        #expect(afterGrace.state == .billingRetry)
        #expect(afterGrace.expires == nil)
        let gaveUp = P.purchase([try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0)],
                                renewal: try P.renewal(signed: Self.month + 60 * P.day, autoRenew: 0))
        #expect(gaveUp.entitlement(at: P.at(Self.month + 61 * P.day), product: Self.subscription)?.state == .expired)
    }

    @Test func aNewerRenewalInfoEndsBillingRetry() throws {
        var purchase = P.purchase([try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0)],
                                  renewal: try P.renewal(signed: Self.month, billingRetry: true))
        #expect(purchase.entitlement(at: P.at(Self.month + 5), product: Self.subscription)?.state == .billingRetry)
        #expect(purchase.merge(try P.renewal(signed: Self.month + 3, autoRenew: 0)))
        #expect(!purchase.merge(try P.renewal(signed: Self.month + 1, billingRetry: true)), "an older version")
        #expect(purchase.entitlement(at: P.at(Self.month + 5), product: Self.subscription)?.state == .expired)
    }

    @Test func willRenewIsTheRenewalInfosAutoRenewStatus() throws {
        let transaction = try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0)
        let on = P.purchase([transaction], renewal: try P.renewal(signed: 1, autoRenew: 1))
        let off = P.purchase([transaction], renewal: try P.renewal(signed: 1, autoRenew: 0))
        let unknown = P.purchase([transaction], renewal: try P.renewal(signed: 1, autoRenew: nil))
        #expect(on.entitlement(at: P.at(5), product: Self.subscription)?.willRenew == true)
        #expect(off.entitlement(at: P.at(5), product: Self.subscription)?.willRenew == false)
        #expect(unknown.entitlement(at: P.at(5), product: Self.subscription)?.willRenew == false)
        #expect(P.purchase([transaction]).entitlement(at: P.at(5), product: Self.subscription)?.willRenew == false)
    }

    @Test(arguments: [
        (nil, nil, PeriodType.normal), (1, "FREE_TRIAL", .trial), (1, "PAY_AS_YOU_GO", .intro),
        (1, "PAY_UP_FRONT", .intro), (2, "PAY_AS_YOU_GO", .promotional), (2, "FREE_TRIAL", .trial),
        (3, "PAY_UP_FRONT", .promotional), (3, "FREE_TRIAL", .trial), (4, "ONE_TIME", .promotional),
        (7, nil, .promotional),
    ] as [(Int?, String?, PeriodType)])
    func offersGiveThePeriodType(offerType: Int?, discount: String?, expected: PeriodType) throws {
        let purchase = P.purchase([try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0,
                                                     offerType: offerType, discount: discount)])
        #expect(purchase.entitlement(at: P.at(5), product: Self.subscription)?.periodType == expected)
    }

    @Test func theCurrentPeriodsOfferCounts() throws {
        let purchase = P.purchase([
            try P.transaction("1000", purchased: 0, expires: 7 * P.day, signed: 0, offerType: 1,
                              discount: "FREE_TRIAL"),
            try P.transaction("1001", purchased: 7 * P.day, expires: Self.month, signed: 7 * P.day),
        ])
        #expect(purchase.entitlement(at: P.at(P.day), product: Self.subscription)?.periodType == .normal)
    }

    @Test func aSandboxPurchaseSaysSo() throws {
        let purchase = P.purchase([try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0,
                                                     environment: "Sandbox")])
        #expect(purchase.entitlement(at: P.at(5), product: Self.subscription)?.environment == .sandbox)
        let local = P.purchase([try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0,
                                                  environment: "LocalTesting")])
        #expect(local.entitlement(at: P.at(5), product: Self.subscription) == nil)
    }

    // MARK: Non-consumables

    static let lifetime = ProductFacts(type: .nonConsumable)

    @Test func aNonConsumableIsActiveUntilRefundedAndARefundReversalRestoresIt() throws {
        let bought = try P.transaction("2000", original: "2000", product: "pro.lifetime", type: "Non-Consumable",
                                       purchased: 0, signed: 0)
        var purchase = P.purchase([bought], original: "2000")
        let active = try #require(purchase.entitlement(at: P.at(10 * Self.month), product: Self.lifetime))
        #expect(active.state == .active)
        #expect(active.expires == nil)
        #expect(active.willRenew == false)
        #expect(purchase.merge(try P.transaction("2000", original: "2000", product: "pro.lifetime",
                                                 type: "Non-Consumable", purchased: 0, signed: 50, revoked: 50)))
        #expect(purchase.entitlement(at: P.at(60), product: Self.lifetime)?.state == .revoked)
        // REFUND_REVERSED: a newer version of the same transaction, without its revocation.
        #expect(purchase.merge(try P.transaction("2000", original: "2000", product: "pro.lifetime",
                                                 type: "Non-Consumable", purchased: 0, signed: 90)))
        #expect(purchase.entitlement(at: P.at(100), product: Self.lifetime)?.state == .active)
    }

    @Test func familySharingWithdrawnRevokes() throws {
        let shared = try P.transaction("3000", original: "3000", product: "pro.lifetime", type: "Non-Consumable",
                                       purchased: 0, signed: 0, familyShared: true)
        var purchase = P.purchase([shared], original: "3000")
        let entry = try #require(purchase.entitlement(at: P.at(10), product: Self.lifetime))
        #expect(entry.ownership == .familyShared)
        #expect(entry.state == .active)
        purchase.merge(try P.transaction("3000", original: "3000", product: "pro.lifetime", type: "Non-Consumable",
                                         purchased: 0, signed: 20, revoked: 20, familyShared: true))
        let revoked = try #require(purchase.entitlement(at: P.at(30), product: Self.lifetime))
        #expect(revoked.state == .revoked)
        #expect(revoked.ownership == .familyShared)
    }

    @Test func aFamilySharedSubscriptionSaysSo() throws {
        let purchase = P.purchase([try P.transaction("1000", purchased: 0, expires: Self.month, signed: 0,
                                                     familyShared: true)])
        #expect(purchase.entitlement(at: P.at(5), product: Self.subscription)?.ownership == .familyShared)
    }

    // MARK: Non-renewing subscriptions

    @Test func aNonRenewingSubscriptionLastsThePolicysPeriodInTheCalendar() throws {
        // Bought on 2026-01-31 at 10:00: one month later is February's last day, same time.
        let bought = 30 * P.day + 10 * 3_600
        let facts = ProductFacts(type: .nonRenewing, period: PolicyBundle.Period(months: 1, days: 0))
        let purchase = P.purchase([try P.transaction("4000", original: "4000", product: "season.pass",
                                                     type: "Non-Renewing Subscription", purchased: bought,
                                                     signed: bought)], original: "4000")
        let end = try #require(Timestamp("2026-02-28T10:00:00Z"))
        let entry = try #require(purchase.entitlement(at: P.at(bought + P.day), product: facts))
        #expect(entry.state == .active)
        #expect(entry.expires == end)
        #expect(entry.periodType == .normal)
        #expect(purchase.entitlement(at: end, product: facts)?.state == .expired)
        #expect(purchase.entitlement(at: end, product: facts)?.expires == nil)
        let weeks = ProductFacts(type: .nonRenewing, period: PolicyBundle.Period(months: 12, days: 14))
        #expect(purchase.entitlement(at: P.at(bought), product: weeks)?.expires
            == Timestamp("2027-02-14T10:00:00Z"))
    }

    @Test func aRefundedNonRenewingSubscriptionIsRevokedAndTheLatestPurchaseCounts() throws {
        let facts = ProductFacts(type: .nonRenewing, period: PolicyBundle.Period(months: 0, days: 7))
        let first = try P.transaction("4000", original: "4000", product: "week.pass",
                                      type: "Non-Renewing Subscription", purchased: 0, signed: 0)
        let second = try P.transaction("4001", original: "4000", product: "week.pass",
                                       type: "Non-Renewing Subscription", purchased: 10 * P.day, signed: 10 * P.day)
        let both = P.purchase([first, second], original: "4000")
        #expect(both.entitlement(at: P.at(12 * P.day), product: facts)?.expires == P.at(17 * P.day))
        let refunded = P.purchase([try P.transaction("4000", original: "4000", product: "week.pass",
                                                     type: "Non-Renewing Subscription", purchased: 0, signed: P.day,
                                                     revoked: P.day)], original: "4000")
        #expect(refunded.entitlement(at: P.at(2 * P.day), product: facts)?.state == .revoked)
    }

    @Test func aNonRenewingSubscriptionWithoutAPeriodEndsAtItsExpiresDateIfAny() throws {
        let dated = P.purchase([try P.transaction("4000", original: "4000", product: "pass",
                                                  type: "Non-Renewing Subscription", purchased: 0, expires: P.day,
                                                  signed: 0)], original: "4000")
        #expect(dated.entitlement(at: P.at(5), product: nil)?.expires == P.at(P.day))
        #expect(dated.entitlement(at: P.at(P.day), product: nil)?.state == .expired)
        let undated = P.purchase([try P.transaction("4000", original: "4000", product: "pass",
                                                    type: "Non-Renewing Subscription", purchased: 0, signed: 0)],
                                 original: "4000")
        let entry = try #require(undated.entitlement(at: P.at(100 * P.day), product: nil))
        #expect(entry.state == .active)
        #expect(entry.expires == nil)
    }

    // MARK: Consumables and empty purchases

    @Test func aConsumableHasNoEntitlement() throws {
        let coins = P.purchase([try P.transaction("5000", original: "5000", product: "coins.100", type: "Consumable",
                                                  purchased: 0, signed: 0)], original: "5000")
        #expect(coins.entitlement(at: P.at(5), product: ProductFacts(type: .consumable)) == nil)
        #expect(coins.entitlement(at: P.at(5), product: nil) == nil)
        #expect(Purchase(originalTransactionID: "1").entitlement(at: P.at(5), product: Self.subscription) == nil)
    }

    @Test func anUnknownAppleTypeFallsBackToThePolicysType() throws {
        let purchase = P.purchase([try P.transaction("6000", original: "6000", product: "thing", type: "Hologram",
                                                     purchased: 0, signed: 0)], original: "6000")
        #expect(purchase.entitlement(at: P.at(5), product: Self.lifetime)?.state == .active)
        #expect(purchase.entitlement(at: P.at(5), product: nil) == nil)
    }

    // MARK: JSON

    @Test func theEntryIsWrittenInTheDocumentsOrder() throws {
        let grace = CustomerEntitlement(
            product: "pro.monthly", state: .gracePeriod, expires: P.at(0), store: .appStore, environment: .sandbox,
            originalTransaction: "1000", ownership: .familyShared, periodType: .intro, willRenew: true)
        var writer = JSONWriter()
        grace.write(to: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == """
            {"product":"pro.monthly","state":"grace_period","expires":"2026-01-01T00:00:00Z","store":"app-store",\
            "environment":"sandbox","original_transaction":"1000","ownership":"family_shared","period_type":"intro",\
            "will_renew":true}
            """)
        var expired = grace
        (expired.state, expired.expires) = (.expired, nil)
        var second = JSONWriter()
        expired.write(to: &second)
        #expect(String(decoding: second.bytes, as: UTF8.self).contains(#""state":"expired","store""#))
    }
}
