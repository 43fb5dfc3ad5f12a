import Customers
import JSON
import Testing
import TollgateEvaluation

/// Developer API answers read member by member: RFC 3339 times with and without fractions, Google's texts kept, and
/// errors naming the member at fault.
@Suite struct PlayPayloadDecodingTests {
    typealias P = PlayPayloads

    @Test func aSubscriptionIsReadMemberByMember() throws {
        let subscription = try PlaySubscriptionPurchase(json: P.json("""
            {"kind": "androidpublisher#subscriptionPurchaseV2", "regionCode": "US",
             "startTime": "2026-01-01T00:00:00.123456789Z", "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
             "latestOrderId": "GPA.1-2", "linkedPurchaseToken": "old-token", "testPurchase": {},
             "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
             "externalAccountIdentifiers": {"obfuscatedExternalAccountId": "u1"},
             "lineItems": [{"productId": "pro", "expiryTime": "2026-12-01T10:00:00.123Z",
                            "autoRenewingPlan": {"autoRenewEnabled": false},
                            "offerDetails": {"basePlanId": "monthly", "offerId": "intro", "offerTags": ["a"]},
                            "offerPhase": {"introductoryPrice": {}}, "latestSuccessfulOrderId": "GPA.1-2"}]}
            """))
        #expect(subscription.state == "SUBSCRIPTION_STATE_ACTIVE")
        #expect(subscription.startTime == Timestamp("2026-01-01T00:00:00Z"))
        #expect(subscription.latestOrderID == "GPA.1-2")
        #expect(subscription.linkedPurchaseToken == "old-token")
        #expect(subscription.testPurchase)
        #expect(subscription.acknowledged)
        #expect(subscription.accountID == "u1")
        let item = try #require(subscription.lineItems.first)
        #expect(subscription.lineItems.count == 1)
        #expect(item.productID == "pro")
        #expect(item.basePlanID == "monthly")
        #expect(item.offerID == "intro")
        #expect(item.expiryTime == Timestamp("2026-12-01T10:00:00Z"))
        #expect(!item.autoRenewEnabled)
        #expect(item.periodType == .intro)
        #expect(item.latestSuccessfulOrderID == "GPA.1-2")
    }

    @Test func aMinimalSubscriptionHasDefaults() throws {
        let subscription = try PlaySubscriptionPurchase(json: .object([
            "subscriptionState": .string("SUBSCRIPTION_STATE_NEW"),
        ]))
        #expect(subscription.state == "SUBSCRIPTION_STATE_NEW", "a state Google adds is kept")
        #expect(subscription.lineItems.isEmpty)
        #expect(!subscription.testPurchase)
        #expect(!subscription.acknowledged)
        #expect(subscription.accountID == nil)
    }

    @Test(arguments: [
        ("2026-12-01T10:00:00Z", 0), ("2026-12-01T10:00:00.999Z", 0), ("2026-12-01T10:00:00.5Z", 0),
        ("2026-12-01T11:00:00.250+01:00", 0), ("2026-12-01T10:00:01.000001Z", 1),
    ])
    func timesAreReadToTheSecondTheyFallIn(text: String, seconds: Int64) throws {
        let subscription = try PlaySubscriptionPurchase(json: .object([
            "subscriptionState": .string("SUBSCRIPTION_STATE_ACTIVE"), "startTime": .string(text),
        ]))
        let base = try #require(Timestamp("2026-12-01T10:00:00Z"))
        #expect(subscription.startTime == Timestamp(secondsSince1970: base.secondsSince1970 + seconds))
    }

    @Test func errorsNameTheMemberAtFault() throws {
        #expect(throws: PayloadError.missingField("subscriptionState")) {
            try PlaySubscriptionPurchase(json: P.json("{}"))
        }
        #expect(throws: PayloadError.invalidValue(field: "lineItems[0].expiryTime", expected: "an RFC 3339 time")) {
            try P.subscription("ACTIVE", expiry: "next tuesday")
        }
        #expect(throws: PayloadError.missingField("lineItems[1].productId")) {
            try PlaySubscriptionPurchase(json: P.json("""
                {"subscriptionState": "SUBSCRIPTION_STATE_ACTIVE", "lineItems": [{"productId": "a"}, {}]}
                """))
        }
        #expect(throws: PayloadError.wrongType(field: "lineItems", expected: "a list", found: "an object")) {
            try PlaySubscriptionPurchase(json: P.json(#"{"subscriptionState": "S", "lineItems": {}}"#))
        }
        #expect(PayloadError.invalidValue(field: "startTime", expected: "an RFC 3339 time").description
            == "the payload's 'startTime' is not an RFC 3339 time")
    }

    @Test func aProductPurchaseIsReadMemberByMember() throws {
        let purchase = try P.product(0, consumed: true, acknowledged: true, extra: """
            , "purchaseType": 0, "quantity": 4, "obfuscatedExternalAccountId": "u2"
            """)
        #expect(purchase.purchaseState == 0)
        #expect(purchase.consumed && purchase.acknowledged)
        #expect(purchase.purchaseType == 0)
        #expect(purchase.accountID == "u2")
        #expect(purchase.orderID == "GPA.1234")
        #expect(purchase.quantity == 4)
        #expect(purchase.purchaseTime == Timestamp("2026-01-01T00:00:00Z"))
        let minimal = try PlayProductPurchase(json: P.json(#"""
            {"purchaseState": 2, "purchaseTimeMillis": 1767225600999}
            """#))
        #expect(minimal.quantity == 1)
        #expect(minimal.purchaseType == nil)
        #expect(!minimal.consumed && !minimal.acknowledged)
        #expect(minimal.purchaseTime == Timestamp("2026-01-01T00:00:00Z"))
    }

    @Test func aProductPurchaseRefusesWrongKinds() {
        #expect(throws: PayloadError.missingField("purchaseState")) { try PlayProductPurchase(json: P.json("{}")) }
        #expect(throws: PayloadError.invalidValue(field: "purchaseTimeMillis", expected: "whole milliseconds")) {
            try PlayProductPurchase(json: P.json(#"{"purchaseState": 0, "purchaseTimeMillis": "12.5"}"#))
        }
        #expect(throws: PayloadError.wrongType(field: "purchaseState", expected: "a whole number", found: "a string")) {
            try PlayProductPurchase(json: P.json(#"{"purchaseState": "0"}"#))
        }
    }
}
