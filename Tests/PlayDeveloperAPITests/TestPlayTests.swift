import Foundation
import JSON
import TestGooglePlay
import Testing
import TollgateEvaluation

/// `TestPlay` writes push bodies and purchases as Google does, so the tests built on them test Google's shapes.
@Suite struct TestPlayTests {
    @Test func aPushBodyCarriesTheNotificationInBase64() throws {
        let body = TestPlay.pushBody(
            messageID: "136969346945", packageName: "com.example.lingualeap",
            notification: #""testNotification":{"version":"1.0"}"#,
            eventTime: Timestamp(secondsSince1970: 1_790_000_000))
        let push = try JSONValue(reading: Array(body.utf8))
        #expect(push[member: "message"]?[member: "messageId"]?.string == "136969346945")
        #expect(push[member: "subscription"]?.string?.hasPrefix("projects/") == true)
        let data = try #require(push[member: "message"]?[member: "data"]?.string.flatMap { Data(base64Encoded: $0) })
        #expect(try JSONValue(reading: Array(data)) == .object([
            "version": .string("1.0"), "packageName": .string("com.example.lingualeap"),
            "eventTimeMillis": .string("1790000000000"), "testNotification": .object(["version": .string("1.0")]),
        ]))
    }

    @Test func aSubscriptionIsASubscriptionPurchaseV2() throws {
        let json = TestPlay.subscription(state: "IN_GRACE_PERIOD", productID: "pro", basePlanID: "monthly",
                                         expiry: Timestamp(secondsSince1970: 1_790_000_000), acknowledged: true,
                                         test: true, accountID: "customer-1", autoRenew: false, offerID: "intro")
        let purchase = try JSONValue(reading: Array(json.utf8))
        #expect(purchase[member: "subscriptionState"]?.string == "SUBSCRIPTION_STATE_IN_GRACE_PERIOD")
        #expect(purchase[member: "acknowledgementState"]?.string == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED")
        #expect(purchase[member: "testPurchase"] == .object([:]))
        #expect(purchase[member: "externalAccountIdentifiers"]?[member: "obfuscatedExternalAccountId"]?.string
            == "customer-1")
        #expect(purchase[member: "startTime"]?.string == "2026-08-22T14:13:20Z")
        let item = try #require(purchase[member: "lineItems"]?.elements?.first)
        #expect(item[member: "productId"]?.string == "pro")
        #expect(item[member: "expiryTime"]?.string == "2026-09-21T14:13:20Z")
        #expect(item[member: "autoRenewingPlan"] == .object(["autoRenewEnabled": .bool(false)]))
        #expect(item[member: "offerDetails"]
            == .object(["basePlanId": .string("monthly"), "offerId": .string("intro")]))
        let plain = try JSONValue(reading: Array(TestPlay.subscription(
            state: "SUBSCRIPTION_STATE_ACTIVE", productID: "pro", basePlanID: nil,
            expiry: Timestamp(secondsSince1970: 1_790_000_000), acknowledged: false).utf8))
        #expect(plain[member: "testPurchase"] == nil)
        #expect(plain[member: "subscriptionState"]?.string == "SUBSCRIPTION_STATE_ACTIVE")
        #expect(plain[member: "lineItems"]?.elements?.first?[member: "offerDetails"] == nil)
    }

    @Test func aProductIsAProductPurchase() throws {
        let json = TestPlay.product(purchaseState: 0, consumed: false, acknowledged: true, test: true,
                                    accountID: "customer-1", orderID: "GPA.1", quantity: 3,
                                    purchaseTime: Timestamp(secondsSince1970: 1_790_000_000))
        let purchase = try JSONValue(reading: Array(json.utf8))
        #expect(purchase[member: "kind"]?.string == "androidpublisher#productPurchase")
        #expect(purchase[member: "purchaseTimeMillis"]?.string == "1790000000000")
        #expect(purchase[member: "purchaseState"]?.integer == 0)
        #expect(purchase[member: "consumptionState"]?.integer == 0)
        #expect(purchase[member: "acknowledgementState"]?.integer == 1)
        #expect(purchase[member: "purchaseType"]?.integer == 0)
        #expect(purchase[member: "obfuscatedExternalAccountId"]?.string == "customer-1")
        #expect(purchase[member: "quantity"]?.integer == 3)
        let real = try JSONValue(reading: Array(TestPlay.product(
            purchaseState: 1, consumed: true, acknowledged: false, orderID: "GPA.2",
            purchaseTime: Timestamp(secondsSince1970: 1_790_000_000)).utf8))
        #expect(real[member: "purchaseType"] == nil)
        #expect(real[member: "obfuscatedExternalAccountId"] == nil)
        #expect(real[member: "consumptionState"]?.integer == 1)
    }
}
