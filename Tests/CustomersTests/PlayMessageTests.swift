import Customers
import Foundation
import Testing
import TollgateEvaluation

/// Pub/Sub push bodies carrying Play developer notifications: each body member, and the errors that say what is
/// wrong.
@Suite struct PlayMessageTests {
    /// 2026-01-15T00:00:00.250Z in milliseconds.
    static let eventMillis = "1768435200250"

    /// A push body whose `data` is `notification` in base64, padding dropped when `unpadded`.
    static func body(_ notification: String, messageID: String = #""messageId": "136969346945","#,
                     unpadded: Bool = false) -> [UInt8] {
        var data = Data(notification.utf8).base64EncodedString()
        if unpadded { data = String(data.prefix { $0 != "=" }) }
        return Array("""
            {"message": {"attributes": {"k": "v"}, "data": "\(data)", \(messageID)
                         "publishTime": "2026-01-15T00:00:01.123Z"},
             "subscription": "projects/demo/subscriptions/play"}
            """.utf8)
    }

    static func notification(_ member: String, time: String = "\"\(eventMillis)\"") -> String {
        #"{"version": "1.0", "packageName": "com.example.app", "eventTimeMillis": "# + time + ", " + member + "}"
    }

    static func message(_ member: String, time: String = "\"\(eventMillis)\"") throws -> PlayPushMessage {
        try PlayPushMessage(body: body(notification(member, time: time)))
    }

    @Test func aSubscriptionNotificationIsRead() throws {
        let message = try Self.message(#"""
            "subscriptionNotification": {"version": "1.0", "notificationType": 2, "purchaseToken": "tok"}
            """#)
        #expect(message.messageID == "136969346945")
        #expect(message.publishTime == "2026-01-15T00:00:01.123Z")
        #expect(message.subscription == "projects/demo/subscriptions/play")
        #expect(message.notification.packageName == "com.example.app")
        #expect(message.notification.eventTime == Timestamp(secondsSince1970: 1_768_435_200))
        #expect(message.notification.event == .subscription(.renewed, token: "tok"))
        #expect(message.notification.name == "SUBSCRIPTION_RENEWED")
    }

    @Test func theEventTimeMayBeANumber() throws {
        let message = try Self.message(#""testNotification": {"version": "1.0"}"#, time: Self.eventMillis)
        #expect(message.notification.eventTime == Timestamp(secondsSince1970: 1_768_435_200))
        #expect(message.notification.event == .test)
        #expect(message.notification.name == "TEST")
    }

    @Test func dataWithoutPaddingIsRead() throws {
        let text = Self.notification(#""testNotification": {}"#)
        #expect(Data(text.utf8).base64EncodedString().hasSuffix("="), "the fixture needs padding to drop")
        #expect(try PlayPushMessage(body: Self.body(text, unpadded: true)).notification.event == .test)
    }

    @Test func aOneTimeProductNotificationIsRead() throws {
        let message = try Self.message(#"""
            "oneTimeProductNotification": {"version": "1.0", "notificationType": 1, "purchaseToken": "tok",
                                           "sku": "coins.100"}
            """#)
        #expect(message.notification.event == .oneTimeProduct(.purchased, token: "tok", sku: "coins.100"))
        #expect(message.notification.name == "ONE_TIME_PRODUCT_PURCHASED")
        let canceled = try Self.message(#"""
            "oneTimeProductNotification": {"notificationType": 2, "purchaseToken": "tok", "sku": "coins.100"}
            """#)
        #expect(canceled.notification.name == "ONE_TIME_PRODUCT_CANCELED")
    }

    @Test func aVoidedPurchaseNotificationIsRead() throws {
        let message = try Self.message(#"""
            "voidedPurchaseNotification": {"purchaseToken": "tok", "orderId": "GPA.1", "productType": 2,
                                           "refundType": 1}
            """#)
        #expect(message.notification.event == .voided(token: "tok", orderID: "GPA.1", productType: 2, refundType: 1))
        #expect(message.notification.name == "VOIDED_PURCHASE")
        let bare = try Self.message(#""voidedPurchaseNotification": {"purchaseToken": "tok"}"#)
        #expect(bare.notification.event == .voided(token: "tok", orderID: nil, productType: nil, refundType: nil))
    }

    @Test func anotherBodyIsKeptByName() throws {
        let message = try Self.message(#""pendingRefundReviewNotification": {"purchaseToken": "tok"}"#)
        #expect(message.notification.event == .other("pendingRefundReviewNotification"))
        #expect(message.notification.name == "pendingRefundReviewNotification")
    }

    @Test func subscriptionEventsAreNamed() {
        #expect(PlaySubscriptionEvent.recovered.name == "SUBSCRIPTION_RECOVERED")
        #expect(PlaySubscriptionEvent(rawValue: 20) == .pendingPurchaseCanceled)
        #expect(PlaySubscriptionEvent.priceStepUpConsentUpdated.name == "SUBSCRIPTION_PRICE_STEP_UP_CONSENT_UPDATED")
        #expect(PlaySubscriptionEvent(rawValue: 17).name == "SUBSCRIPTION_17")
        #expect(!PlaySubscriptionEvent(rawValue: 17).isKnown)
        #expect(PlaySubscriptionEvent.expired.isKnown)
        #expect(PlaySubscriptionEvent.names.count == 16)
        #expect(PlayOneTimeEvent(rawValue: 3).name == "ONE_TIME_PRODUCT_3")
    }

    @Test func anUnknownSubscriptionCodeIsKept() throws {
        let message = try Self.message(#""subscriptionNotification": {"notificationType": 99, "purchaseToken": "tok"}"#)
        #expect(message.notification.event == .subscription(PlaySubscriptionEvent(rawValue: 99), token: "tok"))
        #expect(message.notification.name == "SUBSCRIPTION_99")
    }

    static func error(_ body: [UInt8]) -> PlayMessageError? {
        do {
            _ = try PlayPushMessage(body: body)
            return nil
        } catch {
            return error
        }
    }

    @Test func aBodyThatIsNotJSONSaysSo() throws {
        let error = try #require(Self.error(Array("message=1".utf8)))
        #expect(error.messageID == nil)
        #expect(error.reason.hasPrefix("the push body is not JSON: bad JSON at line 1"))
    }

    @Test func aBodyOfAnotherShapeSaysWhatItLacks() throws {
        #expect(Self.error(Array(#"[1]"#.utf8)) == PlayMessageError(
            messageID: nil, reason: "the push body is a list, not an object"))
        #expect(Self.error(Array(#"{"signedPayload": "x"}"#.utf8)) == PlayMessageError(
            messageID: nil, reason: "the push body has no 'message'"))
        #expect(Self.error(Array(#"{"message": "x"}"#.utf8)) == PlayMessageError(
            messageID: nil, reason: "the push body's 'message' is a string, not an object"))
    }

    @Test func aMissingMessageIDSaysSo() throws {
        let error = try #require(Self.error(Self.body(Self.notification(#""testNotification": {}"#), messageID: "")))
        #expect(error == PlayMessageError(messageID: nil, reason: "the push body has no 'message.messageId'"))
        #expect(error.description == "the push body has no 'message.messageId'")
    }

    @Test func badBase64SaysSoWithTheMessageID() throws {
        let body = Array(#"{"message": {"messageId": "7", "data": "not*base64"}}"#.utf8)
        let error = try #require(Self.error(body))
        #expect(error == PlayMessageError(messageID: "7", reason: "the push body's 'message.data' is not base64"))
        #expect(error.description == "message 7: the push body's 'message.data' is not base64")
        let noData = Array(#"{"message": {"messageId": "7"}}"#.utf8)
        #expect(Self.error(noData) == PlayMessageError(messageID: "7", reason: "the push body has no 'message.data'"))
    }

    @Test func aNotificationThatIsNotJSONSaysSo() throws {
        let error = try #require(Self.error(Self.body("hello")))
        #expect(error.messageID == "136969346945")
        #expect(error.reason.hasPrefix("the notification is not JSON: "))
    }

    @Test func aNotificationOfAnotherShapeSaysWhatIsWrong() throws {
        let noBody = try #require(Self.error(Self.body(#"{"packageName": "a", "eventTimeMillis": "1"}"#)))
        #expect(noBody.reason == "the notification has none of 'subscriptionNotification', "
            + "'oneTimeProductNotification', 'voidedPurchaseNotification', 'testNotification'")
        let noPackage = try #require(Self.error(Self.body(#"{"eventTimeMillis": "1", "testNotification": {}}"#)))
        #expect(noPackage.reason == "the notification has no 'packageName'")
        let soon = #"{"packageName": "a", "eventTimeMillis": "soon", "testNotification": {}}"#
        let badTime = try #require(Self.error(Self.body(soon)))
        #expect(badTime.reason == "the notification's 'eventTimeMillis' is not whole milliseconds")
        let tokenless = Self.notification(#""subscriptionNotification": {"notificationType": 2}"#)
        let noToken = try #require(Self.error(Self.body(tokenless)))
        #expect(noToken.reason == "the notification has no 'subscriptionNotification.purchaseToken'")
        let list = try #require(Self.error(Self.body("[]")))
        #expect(list.reason == "the notification is a list, not an object")
    }
}
