import JSON

/// The answer to a store's notification, once it and its effect are committed:
/// `{"status", "notification", "customer"}`, and `reason` when it was ignored.
package struct NotificationReceipt: Hashable, Sendable {
    /// What the notification did.
    package enum Status: String, Hashable, Sendable {
        /// Its effect is applied to the purchase.
        case applied
        /// Its id was seen before (the store retries with the same one); nothing changed.
        case duplicate
        /// Older than what the purchase already reflects: stored, no effect.
        case stale
        /// The store's test notification.
        case test
        /// Verified and kept, but no customer owns the purchase yet; it applies when one claims it.
        case unclaimed
        /// Authenticated, but nothing Tollgate can act on, ever (another app's, unreadable, a purchase the store
        /// does not know): answered so that the store stops sending it.
        case ignored
    }

    package var status: Status
    /// The notification's id: the App Store's `notificationUUID`, Pub/Sub's `messageId` (nil when a message had
    /// none).
    package var notification: String?
    /// The customer who owns the purchase, when one does.
    package var customer: CustomerID?
    /// Why an ignored notification was (`purchase-not-found`, `other-package`…).
    package var reason: String?

    package init(status: Status, notification: String?, customer: CustomerID?, reason: String? = nil) {
        self.status = status
        self.notification = notification
        self.customer = customer
        self.reason = reason
    }

    /// The receipt as the notification routes answer it.
    package func json() -> [UInt8] {
        var writer = JSONWriter(capacity: 128)
        writer.object { members in
            members.member("status") { $0.string(status.rawValue) }
            members.member("notification") { $0.optionalString(notification) }
            members.member("customer") { $0.optionalString(customer?.text) }
            if let reason { members.member("reason") { $0.string(reason) } }
        }
        return writer.bytes
    }
}
