/// A `subscriptionNotification`'s `notificationType`: the codes Google documents (1–13, 19, 20 and 22; 14–18 and 21
/// are reserved and not emitted) as constants, any other kept as sent.
package struct PlaySubscriptionEvent: PlayEventCode {
    package let rawValue: Int

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    package static let prefix = "SUBSCRIPTION_"

    package static let names: [Int: String] = [
        1: "RECOVERED", 2: "RENEWED", 3: "CANCELED", 4: "PURCHASED", 5: "ON_HOLD", 6: "IN_GRACE_PERIOD",
        7: "RESTARTED", 8: "PRICE_CHANGE_CONFIRMED", 9: "DEFERRED", 10: "PAUSED", 11: "PAUSE_SCHEDULE_CHANGED",
        12: "REVOKED", 13: "EXPIRED", 19: "PRICE_CHANGE_UPDATED", 20: "PENDING_PURCHASE_CANCELED",
        22: "PRICE_STEP_UP_CONSENT_UPDATED",
    ]

    /// A subscription recovered from account hold.
    package static let recovered = Self(rawValue: 1)
    package static let renewed = Self(rawValue: 2)
    /// Canceled by the user or the system, voluntarily or not; it keeps access until its expiry.
    package static let canceled = Self(rawValue: 3)
    package static let purchased = Self(rawValue: 4)
    package static let onHold = Self(rawValue: 5)
    package static let inGracePeriod = Self(rawValue: 6)
    /// The user restored a canceled subscription before it expired.
    package static let restarted = Self(rawValue: 7)
    /// Deprecated by Google.
    package static let priceChangeConfirmed = Self(rawValue: 8)
    /// The renewal was deferred.
    package static let deferred = Self(rawValue: 9)
    package static let paused = Self(rawValue: 10)
    package static let pauseScheduleChanged = Self(rawValue: 11)
    /// Revoked before its expiry.
    package static let revoked = Self(rawValue: 12)
    package static let expired = Self(rawValue: 13)
    package static let priceChangeUpdated = Self(rawValue: 19)
    package static let pendingPurchaseCanceled = Self(rawValue: 20)
    package static let priceStepUpConsentUpdated = Self(rawValue: 22)
}
