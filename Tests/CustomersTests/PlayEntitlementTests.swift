import Customers
import JSON
import Testing
import TollgateEvaluation

/// The Play state table, row by row, for subscription line items and one-time products, with the product each
/// entry names and its environment.
@Suite struct PlayEntitlementTests {
    typealias P = PlayPayloads

    static func entry(_ read: PlayPurchase.Read, voided: Bool = false) -> CustomerEntitlement? {
        let entries = P.purchase(read, voided: voided).entitlements(at: P.now, policy: P.policy)
        return entries.count == 1 ? entries[0] : nil
    }

    @Test(arguments: [
        ("ACTIVE", EntitlementState.active, true), ("IN_GRACE_PERIOD", .gracePeriod, true), ("CANCELED", .active, true),
        ("ON_HOLD", .billingRetry, false), ("PAUSED", .expired, false), ("EXPIRED", .expired, false),
        ("PENDING_PURCHASE_CANCELED", .expired, false), ("PENDING", .pending, false),
        ("UNSPECIFIED", .expired, false), ("SOMETHING_NEW", .expired, false),
    ])
    func eachSubscriptionStateGivesItsEntitlement(state: String, expected: EntitlementState, expires: Bool) throws {
        let entry = try #require(Self.entry(.subscription(try P.subscription(state))))
        #expect(entry == CustomerEntitlement(
            product: "pro:monthly", state: expected, expires: expires ? P.futureTime : nil, store: .play,
            environment: .production, originalTransaction: "tok", ownership: .purchased, periodType: .normal,
            willRenew: true))
    }

    @Test(arguments: ["ACTIVE", "IN_GRACE_PERIOD", "CANCELED"])
    func aGrantingStateWhoseExpiryHasPassedIsExpired(state: String) throws {
        let entry = try #require(Self.entry(.subscription(try P.subscription(state, expiry: P.past))))
        #expect(entry.state == .expired)
        #expect(entry.expires == nil)
        let atExpiry = try P.subscription(state, expiry: "2026-01-15T00:00:00.999Z")
        #expect(Self.entry(.subscription(atExpiry))?.state == .expired, "an expiry in the same second is past")
    }

    @Test func onHoldIsBillingRetryWhateverItsExpiry() throws {
        #expect(Self.entry(.subscription(try P.subscription("ON_HOLD", expiry: P.past)))?.state == .billingRetry)
    }

    @Test func aVoidedSubscriptionIsRevoked() throws {
        let entry = try #require(Self.entry(.subscription(try P.subscription("ACTIVE")), voided: true))
        #expect(entry.state == .revoked)
        #expect(entry.expires == nil)
    }

    @Test func aLineItemIsItsBasePlansProductWhenThePolicyHasIt() throws {
        let withBasePlan = P.purchase(.subscription(try P.subscription("ACTIVE")))
        #expect(withBasePlan.productIDs(policy: P.policy) == ["pro:monthly"])
        let otherBasePlan = P.purchase(.subscription(try P.subscription("ACTIVE", basePlan: "yearly")))
        #expect(otherBasePlan.productIDs(policy: P.policy) == ["pro"])
        let plus = P.purchase(.subscription(try P.subscription("ACTIVE", product: "plus")))
        #expect(plus.productIDs(policy: P.policy) == ["plus"])
        #expect(plus.entitlements(at: P.now, policy: P.policy).map(\.product) == ["plus"])
    }

    @Test func aLineItemThePolicyLacksStillGivesASubscription() throws {
        let purchase = P.purchase(.subscription(try P.subscription("ACTIVE", product: "unknown")))
        let entries = purchase.entitlements(at: P.now, policy: P.policy)
        #expect(entries.map(\.product) == ["unknown"])
        #expect(entries.map(\.state) == [.active])
    }

    @Test func eachLineItemGivesAnEntry() throws {
        let subscription = try PlaySubscriptionPurchase(json: P.json("""
            {"subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
             "lineItems": [{"productId": "pro", "expiryTime": "\(P.future)", "offerDetails": {"basePlanId": "monthly"}},
                           {"productId": "plus", "expiryTime": "\(P.past)"}]}
            """))
        let entries = P.purchase(.subscription(subscription)).entitlements(at: P.now, policy: P.policy)
        #expect(entries.map(\.product) == ["pro:monthly", "plus"])
        #expect(entries.map(\.state) == [.active, .expired])
        #expect(entries.map(\.willRenew) == [false, false], "no autoRenewingPlan")
    }

    @Test func aTestPurchaseIsSandbox() throws {
        let tester = P.purchase(.subscription(try P.subscription("ACTIVE", extra: #", "testPurchase": {}"#)))
        #expect(tester.environment == .sandbox)
        #expect(tester.entitlements(at: P.now, policy: P.policy).map(\.environment) == [.sandbox])
        #expect(P.purchase(.subscription(try P.subscription("ACTIVE"))).environment == .production)
        let testProduct = P.purchase(.product(productID: "lifetime", try P.product(0, extra: #", "purchaseType": 0"#)))
        #expect(testProduct.environment == .sandbox)
        let promo = P.purchase(.product(productID: "lifetime", try P.product(0, extra: #", "purchaseType": 1"#)))
        #expect(promo.environment == .production)
        #expect(P.purchase(.product(productID: "lifetime", try P.product(0))).environment == .production)
    }

    @Test func theOwnerHintIsTheObfuscatedAccountIDAsSent() throws {
        let extra = #", "externalAccountIdentifiers": {"obfuscatedExternalAccountId": "User-42"}"#
        #expect(P.purchase(.subscription(try P.subscription("ACTIVE", extra: extra))).accountID == "User-42")
        let product = try P.product(0, extra: #", "obfuscatedExternalAccountId": "Account-7""#)
        #expect(P.purchase(.product(productID: "lifetime", product)).accountID == "Account-7")
        #expect(P.purchase(.subscription(try P.subscription("ACTIVE"))).accountID == nil)
        #expect(PlayPurchase(token: "tok").accountID == nil)
    }

    @Test(arguments: [
        (#", "offerPhase": {"freeTrial": {}}"#, PeriodType.trial),
        (#", "offerPhase": {"introductoryPrice": {}}"#, .intro),
        (#", "offerPhase": {"basePrice": {}}"#, .normal),
        (#", "offerPhase": {"prorationPeriod": {}}"#, .normal),
        (#", "offerDetails": {"basePlanId": "monthly", "offerId": "winback"}"#, .promotional),
        ("", .normal),
    ])
    func thePeriodTypeComesFromTheOfferPhaseElseTheOffer(item: String, expected: PeriodType) throws {
        let json = try P.json(#"{"productId": "pro", "expiryTime": "2026-02-01T00:00:00Z""# + item + "}")
        let subscription = try PlaySubscriptionPurchase(json: .object([
            "subscriptionState": .string("SUBSCRIPTION_STATE_ACTIVE"), "lineItems": .array([json]),
        ]))
        #expect(subscription.lineItems.map(\.periodType) == [expected])
    }

    @Test func aPurchasedOneTimeProductIsActiveUntilRevoked() throws {
        let entry = try #require(Self.entry(.product(productID: "lifetime", try P.product(0))))
        #expect(entry == CustomerEntitlement(
            product: "lifetime", state: .active, expires: nil, store: .play, environment: .production,
            originalTransaction: "tok", ownership: .purchased, periodType: .normal, willRenew: false))
        #expect(Self.entry(.product(productID: "lifetime", try P.product(1)))?.state == .revoked)
        #expect(Self.entry(.product(productID: "lifetime", try P.product(2)))?.state == .pending)
        #expect(Self.entry(.product(productID: "lifetime", try P.product(0)), voided: true)?.state == .revoked)
        #expect(Self.entry(.product(productID: "unlisted", try P.product(0)))?.state == .active)
    }

    @Test func aNonRenewingProductLastsItsPeriodFromThePurchase() throws {
        let read = PlayPurchase.Read.product(productID: "pass.week", try P.product(0))
        let purchase = P.purchase(read)
        let week = Timestamp(secondsSince1970: 1_767_225_600 + 7 * 86_400)
        let during = Timestamp(secondsSince1970: 1_767_225_600 + 86_400)
        #expect(purchase.entitlements(at: during, policy: P.policy).map(\.state) == [.active])
        #expect(purchase.entitlements(at: during, policy: P.policy).map(\.expires) == [week])
        #expect(purchase.entitlements(at: week, policy: P.policy).map(\.state) == [.expired])
        #expect(purchase.entitlements(at: P.now, policy: P.policy).map(\.expires) == [nil])
    }

    @Test func aConsumableGivesNoEntitlement() throws {
        #expect(P.purchase(.product(productID: "coins.100", try P.product(0)))
            .entitlements(at: P.now, policy: P.policy).isEmpty)
        #expect(P.purchase(.product(productID: "gems", try P.product(0))).entitlements(at: P.now, policy: P.policy)
            .isEmpty)
        #expect(PlayPurchase(token: "tok").entitlements(at: P.now, policy: P.policy).isEmpty)
    }
}
