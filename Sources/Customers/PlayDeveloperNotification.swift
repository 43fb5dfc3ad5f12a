package import JSON
package import TollgateEvaluation

/// A Google Play real-time developer notification (`DeveloperNotification`): which app, when, and the one body it
/// carries. It only says that a purchase changed; what the purchase is comes from the Developer API.
package struct PlayDeveloperNotification: Hashable, Sendable {
    package var packageName: String
    /// `eventTimeMillis`, sent as a string or a number, to the second.
    package var eventTime: Timestamp
    package var event: Event

    /// The body of a notification: Google sends exactly one.
    package enum Event: Hashable, Sendable {
        /// `subscriptionNotification`: a subscription's purchase token changed.
        case subscription(PlaySubscriptionEvent, token: String)
        /// `oneTimeProductNotification`: a one-time product's purchase, `sku` being its product id.
        case oneTimeProduct(PlayOneTimeEvent, token: String, sku: String)
        /// `voidedPurchaseNotification`: refunded, charged back or canceled; `productType` 1 subscription, 2
        /// one-time; `refundType` 1 full, 2 quantity-based partial.
        case voided(token: String, orderID: String?, productType: Int?, refundType: Int?)
        /// `testNotification`, sent from the Play Console.
        case test
        /// A body Tollgate does not act on (`pendingRefundReviewNotification`, or one Google adds): its member name.
        case other(String)
    }

    /// The bodies Tollgate acts on, by member name.
    private static let bodies = [
        "subscriptionNotification", "oneTimeProductNotification", "voidedPurchaseNotification", "testNotification",
    ]

    /// The members every notification has beside its body.
    private static let envelope: Set = ["version", "packageName", "eventTimeMillis"]

    /// Reads the notification; `packageName`, `eventTimeMillis` and one body are required, and each body's members
    /// must have their documented kinds. A member other than `version`, `packageName` and `eventTimeMillis` that is
    /// not one of the bodies read is kept by name as `other`.
    package init(json: JSONValue) throws(PayloadError) {
        let payload = try PayloadReader(json)
        packageName = try payload.string(required: "packageName")
        eventTime = try payload.milliseconds(required: "eventTimeMillis")
        if let body = try payload.object("subscriptionNotification") {
            let code = try body.integer(required: "notificationType")
            event = .subscription(PlaySubscriptionEvent(rawValue: Int(clamping: code)),
                                  token: try body.string(required: "purchaseToken"))
        } else if let body = try payload.object("oneTimeProductNotification") {
            let code = try body.integer(required: "notificationType")
            event = .oneTimeProduct(PlayOneTimeEvent(rawValue: Int(clamping: code)),
                                    token: try body.string(required: "purchaseToken"),
                                    sku: try body.string(required: "sku"))
        } else if let body = try payload.object("voidedPurchaseNotification") {
            event = .voided(token: try body.string(required: "purchaseToken"), orderID: try body.string("orderId"),
                            productType: try body.integer("productType").map { Int(clamping: $0) },
                            refundType: try body.integer("refundType").map { Int(clamping: $0) })
        } else if payload.has("testNotification") {
            event = .test
        } else if let other = payload.names.first(where: { !Self.envelope.contains($0) }) {
            event = .other(other)
        } else {
            throw .missingOneOf(Self.bodies)
        }
    }

    /// The event as the customer history writes it: the subscription or one-time event's name
    /// (`SUBSCRIPTION_RENEWED`, `ONE_TIME_PRODUCT_PURCHASED`), `VOIDED_PURCHASE`, `TEST`, or another body's member
    /// name.
    package var name: String {
        switch event {
        case .subscription(let code, _): code.name
        case .oneTimeProduct(let code, _, _): code.name
        case .voided: "VOIDED_PURCHASE"
        case .test: "TEST"
        case .other(let member): member
        }
    }
}
