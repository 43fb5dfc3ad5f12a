import Customers
import JSON
import TollgateEvaluation

/// Transactions and renewal info built as Apple's JSON and read through the payload types, with times in seconds
/// after `start` (2026-01-01T00:00:00Z).
enum Payloads {
    static let start = Timestamp(secondsSince1970: 1_767_225_600)
    static let day: Int64 = 86_400

    /// `offset` seconds after `start`.
    static func at(_ offset: Int64) -> Timestamp {
        Timestamp(secondsSince1970: start.secondsSince1970 + offset)
    }

    /// Milliseconds since 1970 of `offset` seconds after `start`, as Apple sends dates.
    static func milliseconds(_ offset: Int64) -> JSONValue {
        .number(Double((start.secondsSince1970 + offset) * 1000))
    }

    static func transaction(
        _ id: String, original: String = "1000", product: String = "pro.monthly",
        type: String = "Auto-Renewable Subscription", purchased: Int64, expires: Int64? = nil, signed: Int64,
        revoked: Int64? = nil, upgraded: Bool = false, offerType: Int? = nil, discount: String? = nil,
        familyShared: Bool = false, environment: String = "Production", quantity: Int? = nil,
        token: String? = nil, price: Int64? = nil, currency: String? = nil
    ) throws -> AppStoreTransaction {
        var members: [String: JSONValue] = [
            "transactionId": .string(id), "originalTransactionId": .string(original), "productId": .string(product),
            "bundleId": .string("com.example.app"), "type": .string(type), "purchaseDate": milliseconds(purchased),
            "originalPurchaseDate": milliseconds(0), "signedDate": milliseconds(signed),
            "inAppOwnershipType": .string(familyShared ? "FAMILY_SHARED" : "PURCHASED"),
            "environment": .string(environment),
        ]
        if let expires { members["expiresDate"] = milliseconds(expires) }
        if let revoked {
            members["revocationDate"] = milliseconds(revoked)
            members["revocationReason"] = .number(familyShared ? 0 : 1)
        }
        if upgraded { members["isUpgraded"] = .bool(true) }
        if let offerType { members["offerType"] = .number(Double(offerType)) }
        if let discount { members["offerDiscountType"] = .string(discount) }
        if let quantity { members["quantity"] = .number(Double(quantity)) }
        if let token { members["appAccountToken"] = .string(token) }
        if let price { members["price"] = .number(Double(price)) }
        if let currency { members["currency"] = .string(currency) }
        return try AppStoreTransaction(json: .object(members))
    }

    static func renewal(
        original: String = "1000", product: String = "pro.monthly", signed: Int64, autoRenew: Int? = 1,
        billingRetry: Bool = false, graceUntil: Int64? = nil, environment: String = "Production"
    ) throws -> AppStoreRenewalInfo {
        var members: [String: JSONValue] = [
            "originalTransactionId": .string(original), "productId": .string(product),
            "signedDate": milliseconds(signed), "environment": .string(environment),
            "isInBillingRetryPeriod": .bool(billingRetry),
        ]
        if let autoRenew { members["autoRenewStatus"] = .number(Double(autoRenew)) }
        if let graceUntil { members["gracePeriodExpiresDate"] = milliseconds(graceUntil) }
        return try AppStoreRenewalInfo(json: .object(members))
    }

    /// A purchase holding `transactions` and `renewal`.
    static func purchase(_ transactions: [AppStoreTransaction], renewal: AppStoreRenewalInfo? = nil,
                         original: String = "1000") -> Purchase {
        var purchase = Purchase(originalTransactionID: original)
        for transaction in transactions { purchase.merge(transaction) }
        if let renewal { purchase.merge(renewal) }
        return purchase
    }
}
