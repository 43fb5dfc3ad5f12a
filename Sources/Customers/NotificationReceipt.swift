import JSON

/// The answer to a store's notification, once it and its effect are committed:
/// `{"status", "notification", "customer"}`.
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
    }

    package var status: Status
    /// The notification's id: the App Store's `notificationUUID`.
    package var notification: String
    /// The customer who owns the purchase, when one does.
    package var customer: CustomerID?

    package init(status: Status, notification: String, customer: CustomerID?) {
        self.status = status
        self.notification = notification
        self.customer = customer
    }

    /// The receipt as the notification routes answer it.
    package func json() -> [UInt8] {
        var writer = JSONWriter(capacity: 128)
        writer.object { members in
            members.member("status") { $0.string(status.rawValue) }
            members.member("notification") { $0.string(notification) }
            members.member("customer") { $0.optionalString(customer?.text) }
        }
        return writer.bytes
    }
}
