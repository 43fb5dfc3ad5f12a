import Customers
import Foundation
import JSON
import TestSupport
import Testing
import TollgateEvaluation

/// The payload types read Apple's example payloads, keep unknown types and name what is wrong with a bad one.
@Suite struct PayloadDecodingTests {
    static func model(_ name: String) throws -> JSONValue {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("app-store/models/\(name).json")))
        return try JSONValue(reading: Array(data))
    }

    @Test func applesNotification() throws {
        let notification = try AppStoreNotification(json: Self.model("signedNotification"))
        #expect(notification.type == .subscribed)
        #expect(notification.subtype == .initialBuy)
        #expect(notification.uuid == "002e14d5-51f5-4503-b5a8-c3a1af68eb20")
        #expect(notification.version == "2.0")
        #expect(notification.signedDate == Timestamp(secondsSince1970: 1_698_148_900))
        #expect(notification.environment == "LocalTesting")
        #expect(notification.appAppleID == 41234)
        #expect(notification.bundleID == "com.example")
        #expect(notification.bundleVersion == "1.2.3")
        #expect(notification.signedTransactionInfo == "signed_transaction_info_value")
        #expect(notification.signedRenewalInfo == "signed_renewal_info_value")
        #expect(notification.status == 1)
        #expect(!notification.hasSummary)
    }

    @Test func applesSummaryAndConsumptionRequest() throws {
        let summary = try AppStoreNotification(json: Self.model("signedSummaryNotification"))
        #expect(summary.type == .renewalExtension)
        #expect(summary.subtype == .summary)
        #expect(summary.hasSummary)
        #expect(summary.bundleID == "com.example")
        #expect(summary.appAppleID == 41234)
        #expect(summary.environment == "LocalTesting")
        #expect(summary.signedTransactionInfo == nil)
        let request = try AppStoreNotification(json: Self.model("signedConsumptionRequestNotification"))
        #expect(request.type == .consumptionRequest)
        #expect(request.subtype == nil)
    }

    @Test func applesTransaction() throws {
        let transaction = try AppStoreTransaction(json: Self.model("signedTransaction"))
        #expect(transaction.transactionID == "23456")
        #expect(transaction.originalTransactionID == "12345")
        #expect(transaction.productID == "com.example.product")
        #expect(transaction.bundleID == "com.example")
        #expect(transaction.type == "Auto-Renewable Subscription")
        #expect(transaction.productType == .autoRenewable)
        #expect(transaction.purchaseDate == Timestamp(secondsSince1970: 1_698_148_900))
        #expect(transaction.originalPurchaseDate == Timestamp(secondsSince1970: 1_698_148_800))
        #expect(transaction.expiresDate == Timestamp(secondsSince1970: 1_698_149_000))
        #expect(transaction.quantity == 1)
        #expect(transaction.appAccountToken == "7e3fb20b-4cdb-47cc-936d-99d65f608138")
        #expect(transaction.claimant == (try CustomerID("7e3fb20b-4cdb-47cc-936d-99d65f608138")))
        #expect(transaction.ownership == .purchased)
        #expect(transaction.signedDateMilliseconds == 1_698_148_900_000)
        #expect(transaction.revocationDate == Timestamp(secondsSince1970: 1_698_148_950))
        #expect(transaction.revocationReason == 1)
        #expect(transaction.isUpgraded)
        #expect(transaction.offerType == 1)
        #expect(transaction.offerDiscountType == "PAY_AS_YOU_GO")
        #expect(transaction.offerIdentifier == "abc.123")
        #expect(transaction.environment == "LocalTesting")
        #expect(transaction.transactionReason == "PURCHASE")
        #expect(transaction.storefront == "USA")
        #expect(transaction.price == 10990)
        #expect(transaction.currency == "USD")
        let revoked = try AppStoreTransaction(json: Self.model("signedTransactionWithRevocation"))
        #expect(revoked.revocationType == "REFUND_PRORATED")
        #expect(revoked.canonicalText != transaction.canonicalText)
    }

    @Test func applesRenewalInfo() throws {
        let renewal = try AppStoreRenewalInfo(json: Self.model("signedRenewalInfo"))
        #expect(renewal.originalTransactionID == "12345")
        #expect(renewal.productID == "com.example.product")
        #expect(renewal.autoRenewProductID == "com.example.product.2")
        #expect(renewal.autoRenewStatus == 1)
        #expect(renewal.willRenew)
        #expect(renewal.isInBillingRetryPeriod)
        #expect(renewal.gracePeriodExpiresDate == Timestamp(secondsSince1970: 1_698_148_900))
        #expect(renewal.expirationIntent == 1)
        #expect(renewal.signedDate == Timestamp(secondsSince1970: 1_698_148_800))
        #expect(renewal.environment == "LocalTesting")
    }

    @Test func theCanonicalTextIgnoresLayoutAndOrder() throws {
        let spaced = try JSONValue(reading: Array(#"{ "b": 1, "a": [true, "x"] }"#.utf8))
        let packed = try JSONValue(reading: Array(#"{"a":[true,"x"],"b":1}"#.utf8))
        #expect(spaced == packed)
        let transaction = try AppStoreTransaction(json: Self.model("signedTransaction"))
        let copy = try AppStoreTransaction(json: JSONValue(reading: Array(transaction.canonicalText.utf8)))
        #expect(copy == transaction)
    }

    @Test func everyTypeAndSubtypeIsAConstantAndUnknownOnesAreKept() throws {
        #expect(NotificationType.known.count == 23)
        #expect(Set(NotificationType.known).count == 23)
        #expect(NotificationSubtype.known.count == 17)
        #expect(Set(NotificationSubtype.known).count == 17)
        #expect(NotificationType.refundReversed.rawValue == "REFUND_REVERSED")
        #expect(NotificationType.oneTimeCharge.rawValue == "ONE_TIME_CHARGE")
        #expect(NotificationSubtype.productNotForSale.rawValue == "PRODUCT_NOT_FOR_SALE")
        let json = try JSONValue(reading: Array(#"""
            {"notificationType":"SOMETHING_NEW","subtype":"ALSO_NEW","notificationUUID":"u","signedDate":1000,
             "data":{"environment":"Sandbox","bundleId":"com.example.app","signedTransactionInfo":"t"}}
            """#.utf8))
        let notification = try AppStoreNotification(json: json)
        #expect(notification.type.rawValue == "SOMETHING_NEW")
        #expect(!notification.type.isKnown)
        #expect(notification.subtype?.rawValue == "ALSO_NEW")
        #expect(notification.subtype?.isKnown == false)
        #expect(NotificationType.test.isKnown)
        #expect(notification.version == nil)
        #expect(notification.signedTransactionInfo == "t")
    }

    @Test func anExternalPurchaseTokenNamesItsEnvironmentByItsID() throws {
        let json = try JSONValue(reading: Array(#"""
            {"notificationType":"EXTERNAL_PURCHASE_TOKEN","subtype":"UNREPORTED","notificationUUID":"u",
             "signedDate":1000,"externalPurchaseToken":{"externalPurchaseId":"SANDBOX_1","appAppleId":5,
             "bundleId":"com.example.app","tokenCreationDate":1000}}
            """#.utf8))
        let notification = try AppStoreNotification(json: json)
        #expect(notification.environment == "Sandbox")
        #expect(notification.externalPurchaseID == "SANDBOX_1")
        #expect(notification.appAppleID == 5)
        #expect(notification.bundleID == "com.example.app")
    }

    @Test func aBadPayloadSaysWhatIsWrong() throws {
        #expect(throws: PayloadError.notAnObject(found: "a list")) {
            try AppStoreTransaction(json: .array([]))
        }
        #expect(throws: PayloadError.missingField("notificationUUID")) {
            try AppStoreNotification(json: .object(["notificationType": .string("TEST"), "signedDate": .number(1)]))
        }
        let badData: JSONValue = .object([
            "notificationType": .string("TEST"), "notificationUUID": .string("u"), "signedDate": .number(1),
            "data": .object(["bundleId": .number(3)]),
        ])
        #expect(throws: PayloadError.wrongType(field: "data.bundleId", expected: "a string", found: "a number")) {
            try AppStoreNotification(json: badData)
        }
        var members = try #require(try Self.model("signedTransaction").objectMembers)
        members["signedDate"] = .number(1.5)
        #expect(throws: PayloadError.wrongType(field: "signedDate", expected: "a whole number", found: "a number")) {
            try AppStoreTransaction(json: .object(members))
        }
        members["signedDate"] = nil
        #expect(throws: PayloadError.missingField("signedDate")) { try AppStoreTransaction(json: .object(members)) }
        #expect(PayloadError.missingField("data.bundleId").description == "the payload has no 'data.bundleId'")
        #expect(PayloadError.wrongType(field: "isUpgraded", expected: "true or false", found: "a string").description
            == "the payload's 'isUpgraded' is a string, not true or false")
        #expect(PayloadError.notAnObject(found: "null").description == "the payload is null, not an object")
    }

    @Test func nullMembersCountAsMissing() throws {
        var members = try #require(try Self.model("signedTransaction").objectMembers)
        members["expiresDate"] = .null
        members["quantity"] = .null
        let transaction = try AppStoreTransaction(json: .object(members))
        #expect(transaction.expiresDate == nil)
        #expect(transaction.quantity == 1)
    }
}

extension JSONValue {
    /// An object's members; nil for another kind of value.
    fileprivate var objectMembers: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return members
    }
}
