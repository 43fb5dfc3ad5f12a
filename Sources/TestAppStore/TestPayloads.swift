import Foundation
import JSON

/// An App Store transaction as Apple signs it (`JWSTransactionDecodedPayload`), for tests: every member the
/// service reads, with the defaults of a first purchase in the sandbox of the example app.
package struct TestTransaction: Sendable {
    package var transactionID: String
    package var originalTransactionID: String
    package var productID: String
    package var bundleID = "com.example.photocollage"
    package var type = "Auto-Renewable Subscription"
    /// Milliseconds since 1970, as Apple writes dates.
    package var purchaseDate: Int64
    package var originalPurchaseDate: Int64?
    package var expiresDate: Int64?
    package var quantity = 1
    package var appAccountToken: String?
    package var inAppOwnershipType = "PURCHASED"
    package var signedDate: Int64
    package var revocationDate: Int64?
    package var revocationReason: Int?
    package var isUpgraded: Bool?
    package var offerType: Int?
    package var offerDiscountType: String?
    package var environment = "Sandbox"
    package var transactionReason = "PURCHASE"
    package var price: Int64 = 3990
    package var currency = "USD"

    package init(transactionID: String, originalTransactionID: String? = nil, productID: String, purchaseDate: Int64,
                 expiresDate: Int64? = nil, signedDate: Int64? = nil) {
        self.transactionID = transactionID
        self.originalTransactionID = originalTransactionID ?? transactionID
        self.productID = productID
        self.purchaseDate = purchaseDate
        self.expiresDate = expiresDate
        self.signedDate = signedDate ?? purchaseDate
    }

    package var json: String {
        var writer = JSONWriter(capacity: 512)
        writer.object { members in
            members.member("transactionId") { $0.string(transactionID) }
            members.member("originalTransactionId") { $0.string(originalTransactionID) }
            members.member("bundleId") { $0.string(bundleID) }
            members.member("productId") { $0.string(productID) }
            members.member("purchaseDate") { $0.integer(purchaseDate) }
            members.member("originalPurchaseDate") { $0.integer(originalPurchaseDate ?? purchaseDate) }
            if let expiresDate { members.member("expiresDate") { $0.integer(expiresDate) } }
            members.member("quantity") { $0.integer(quantity) }
            members.member("type") { $0.string(type) }
            if let appAccountToken { members.member("appAccountToken") { $0.string(appAccountToken) } }
            members.member("inAppOwnershipType") { $0.string(inAppOwnershipType) }
            members.member("signedDate") { $0.integer(signedDate) }
            if let revocationDate { members.member("revocationDate") { $0.integer(revocationDate) } }
            if let revocationReason { members.member("revocationReason") { $0.integer(revocationReason) } }
            if let isUpgraded { members.member("isUpgraded") { $0.bool(isUpgraded) } }
            if let offerType { members.member("offerType") { $0.integer(offerType) } }
            if let offerDiscountType { members.member("offerDiscountType") { $0.string(offerDiscountType) } }
            members.member("environment") { $0.string(environment) }
            members.member("transactionReason") { $0.string(transactionReason) }
            members.member("storefront") { $0.string("USA") }
            members.member("storefrontId") { $0.string("143441") }
            members.member("price") { $0.integer(price) }
            members.member("currency") { $0.string(currency) }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// Renewal info as Apple signs it (`JWSRenewalInfoDecodedPayload`), for tests.
package struct TestRenewalInfo: Sendable {
    package var originalTransactionID: String
    package var productID: String
    package var autoRenewProductID: String?
    package var autoRenewStatus = 1
    package var isInBillingRetryPeriod: Bool?
    package var gracePeriodExpiresDate: Int64?
    package var expirationIntent: Int?
    package var signedDate: Int64
    package var environment = "Sandbox"

    package init(originalTransactionID: String, productID: String, signedDate: Int64) {
        self.originalTransactionID = originalTransactionID
        self.productID = productID
        self.signedDate = signedDate
    }

    package var json: String {
        var writer = JSONWriter(capacity: 256)
        writer.object { members in
            members.member("originalTransactionId") { $0.string(originalTransactionID) }
            members.member("productId") { $0.string(productID) }
            members.member("autoRenewProductId") { $0.string(autoRenewProductID ?? productID) }
            members.member("autoRenewStatus") { $0.integer(autoRenewStatus) }
            if let isInBillingRetryPeriod { members.member("isInBillingRetryPeriod") { $0.bool(isInBillingRetryPeriod) } }
            if let gracePeriodExpiresDate { members.member("gracePeriodExpiresDate") { $0.integer(gracePeriodExpiresDate) } }
            if let expirationIntent { members.member("expirationIntent") { $0.integer(expirationIntent) } }
            members.member("signedDate") { $0.integer(signedDate) }
            members.member("environment") { $0.string(environment) }
            members.member("recentSubscriptionStartDate") { $0.integer(signedDate) }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// An App Store Server Notification V2's payload (`responseBodyV2DecodedPayload`), for tests; its transaction
/// and renewal info are signed when the notification is.
package struct TestNotification: Sendable {
    package var type: String
    package var subtype: String?
    package var uuid = UUID().uuidString.lowercased()
    package var signedDate: Int64
    package var environment = "Sandbox"
    package var bundleID = "com.example.photocollage"
    package var appAppleID: Int64? = 1_234_567_890
    package var transaction: TestTransaction?
    package var renewal: TestRenewalInfo?

    package init(type: String, subtype: String? = nil, signedDate: Int64, transaction: TestTransaction? = nil,
                 renewal: TestRenewalInfo? = nil) {
        self.type = type
        self.subtype = subtype
        self.signedDate = signedDate
        self.transaction = transaction
        self.renewal = renewal
    }

    /// The payload's JSON, with the transaction and renewal info signed by `sign`.
    package func json(signing sign: (String) -> String) -> String {
        var writer = JSONWriter(capacity: 2048)
        writer.object { members in
            members.member("notificationType") { $0.string(type) }
            if let subtype { members.member("subtype") { $0.string(subtype) } }
            members.member("notificationUUID") { $0.string(uuid) }
            members.member("version") { $0.string("2.0") }
            members.member("signedDate") { $0.integer(signedDate) }
            members.member("data") { writer in
                writer.object { data in
                    data.member("environment") { $0.string(environment) }
                    if let appAppleID { data.member("appAppleId") { $0.integer(appAppleID) } }
                    data.member("bundleId") { $0.string(bundleID) }
                    data.member("bundleVersion") { $0.string("1.0") }
                    if let transaction { data.member("signedTransactionInfo") { $0.string(sign(transaction.json)) } }
                    if let renewal { data.member("signedRenewalInfo") { $0.string(sign(renewal.json)) } }
                    data.member("status") { $0.integer(1) }
                }
            }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
