package import JSON
package import TollgateEvaluation

/// An App Store Server Notification V2 as its verified payload (`responseBodyV2DecodedPayload`) says it. Which app
/// and environment it concerns come from whichever body it has: `data`, `summary`, `externalPurchaseToken` or
/// `appData`.
package struct AppStoreNotification: Hashable, Sendable {
    package var type: NotificationType
    package var subtype: NotificationSubtype?
    /// `notificationUUID`: the same on each of Apple's retries.
    package var uuid: String
    /// `"2.0"`; absent from some of Apple's test payloads.
    package var version: String?
    package var signedDate: Timestamp
    /// Apple's text (`Production`, `Sandbox`, `Xcode`, `LocalTesting`); for an external purchase token,
    /// `Sandbox` when its id starts with `SANDBOX`, else `Production`.
    package var environment: String?
    package var appAppleID: Int64?
    package var bundleID: String?
    package var bundleVersion: String?
    /// The JWS of the transaction the notification is about, to verify in turn.
    package var signedTransactionInfo: String?
    /// The JWS of the subscription's renewal info, to verify in turn.
    package var signedRenewalInfo: String?
    /// The subscription's status as of `signedDate`: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
    package var status: Int?
    /// Whether the body is a `summary` (a `RENEWAL_EXTENSION` with subtype `SUMMARY`), which names no transaction.
    package var hasSummary: Bool
    /// The `externalPurchaseToken` body's `externalPurchaseId`.
    package var externalPurchaseID: String?
    /// The `appData` body's `signedAppTransactionInfo`.
    package var signedAppTransactionInfo: String?

    /// Reads the payload; `notificationType`, `notificationUUID` and `signedDate` are required, and every member
    /// present must have its documented kind.
    package init(json: JSONValue) throws(PayloadError) {
        let payload = try PayloadReader(json)
        type = NotificationType(rawValue: try payload.string(required: "notificationType"))
        subtype = try payload.string("subtype").map(NotificationSubtype.init(rawValue:))
        uuid = try payload.string(required: "notificationUUID")
        version = try payload.string("version")
        signedDate = try payload.date(required: "signedDate")
        let data = try payload.object("data")
        let summary = try payload.object("summary")
        let token = try payload.object("externalPurchaseToken")
        let appData = try payload.object("appData")
        let body = data ?? summary ?? token ?? appData
        appAppleID = try body?.integer("appAppleId")
        bundleID = try body?.string("bundleId")
        externalPurchaseID = try token?.string("externalPurchaseId")
        if let body, let environment = try body.string("environment") {
            self.environment = environment
        } else if let externalPurchaseID {
            environment = externalPurchaseID.hasPrefix("SANDBOX") ? "Sandbox" : "Production"
        } else {
            environment = nil
        }
        bundleVersion = try data?.string("bundleVersion")
        signedTransactionInfo = try data?.string("signedTransactionInfo")
        signedRenewalInfo = try data?.string("signedRenewalInfo")
        status = try data?.integer("status").map { Int(clamping: $0) }
        hasSummary = summary != nil
        signedAppTransactionInfo = try appData?.string("signedAppTransactionInfo")
    }
}
