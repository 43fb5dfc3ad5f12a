package import JSON
package import TollgateEvaluation

/// One version of a subscription's signed renewal info (`JWSRenewalInfoDecodedPayload`): what happens at the end
/// of the current period. Dates are read from milliseconds to the second, except `signedDateMilliseconds`.
package struct AppStoreRenewalInfo: Hashable, Sendable {
    package var originalTransactionID: String
    package var productID: String
    /// The product the subscription renews into (another one after a downgrade).
    package var autoRenewProductID: String?
    /// 1 when the subscription renews at the period's end, 0 when the customer turned renewal off.
    package var autoRenewStatus: Int?
    /// Whether the App Store is still trying to bill a renewal that failed.
    package var isInBillingRetryPeriod: Bool
    /// The end of the grace period, during which access continues while billing is retried.
    package var gracePeriodExpiresDate: Timestamp?
    /// Why the subscription expired: 1 cancelled, 2 billing error, 3 price increase refused, 4 product unavailable,
    /// 5 other.
    package var expirationIntent: Int?
    package var signedDate: Timestamp
    /// `signedDate` to the millisecond, as Apple sent it: the newer of two versions is the greater.
    package var signedDateMilliseconds: Int64
    /// Apple's text: `Production`, `Sandbox`, `Xcode` or `LocalTesting`.
    package var environment: String
    /// The payload as compact JSON with sorted member names, which breaks a tie between versions.
    package var canonicalText: String

    /// Reads the payload; `originalTransactionId`, `productId`, `signedDate` and `environment` are required, and
    /// every member present must have its documented kind.
    package init(json: JSONValue) throws(PayloadError) {
        let payload = try PayloadReader(json)
        originalTransactionID = try payload.string(required: "originalTransactionId")
        productID = try payload.string(required: "productId")
        autoRenewProductID = try payload.string("autoRenewProductId")
        autoRenewStatus = try payload.integer("autoRenewStatus").map { Int(clamping: $0) }
        isInBillingRetryPeriod = try payload.bool("isInBillingRetryPeriod") ?? false
        gracePeriodExpiresDate = try payload.date("gracePeriodExpiresDate")
        expirationIntent = try payload.integer("expirationIntent").map { Int(clamping: $0) }
        signedDateMilliseconds = try payload.integer(required: "signedDate")
        signedDate = Timestamp(milliseconds: signedDateMilliseconds)
        environment = try payload.string(required: "environment")
        canonicalText = String(decoding: json.jsonBytes, as: UTF8.self)
    }

    /// Whether the subscription renews at the end of its period.
    package var willRenew: Bool { autoRenewStatus == 1 }

    /// Whether this version is newer than `other`: signed later, or in the same millisecond with the greater
    /// canonical text.
    func isNewer(than other: AppStoreRenewalInfo) -> Bool {
        (signedDateMilliseconds, canonicalText) > (other.signedDateMilliseconds, other.canonicalText)
    }
}
