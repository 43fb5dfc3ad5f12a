/// An App Store Server Notification's `subtype`: the 17 Apple documents as constants, and any other string kept as
/// sent, never refused.
package struct NotificationSubtype: AppStoreName {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    package static let initialBuy = NotificationSubtype(rawValue: "INITIAL_BUY")
    package static let resubscribe = NotificationSubtype(rawValue: "RESUBSCRIBE")
    package static let downgrade = NotificationSubtype(rawValue: "DOWNGRADE")
    package static let upgrade = NotificationSubtype(rawValue: "UPGRADE")
    package static let autoRenewEnabled = NotificationSubtype(rawValue: "AUTO_RENEW_ENABLED")
    package static let autoRenewDisabled = NotificationSubtype(rawValue: "AUTO_RENEW_DISABLED")
    package static let voluntary = NotificationSubtype(rawValue: "VOLUNTARY")
    package static let billingRetry = NotificationSubtype(rawValue: "BILLING_RETRY")
    package static let priceIncrease = NotificationSubtype(rawValue: "PRICE_INCREASE")
    package static let gracePeriod = NotificationSubtype(rawValue: "GRACE_PERIOD")
    package static let pending = NotificationSubtype(rawValue: "PENDING")
    package static let accepted = NotificationSubtype(rawValue: "ACCEPTED")
    package static let billingRecovery = NotificationSubtype(rawValue: "BILLING_RECOVERY")
    package static let productNotForSale = NotificationSubtype(rawValue: "PRODUCT_NOT_FOR_SALE")
    package static let summary = NotificationSubtype(rawValue: "SUMMARY")
    package static let failure = NotificationSubtype(rawValue: "FAILURE")
    package static let unreported = NotificationSubtype(rawValue: "UNREPORTED")

    /// Every subtype Apple documents, in the order of its list.
    package static let known: [NotificationSubtype] = [
        .initialBuy, .resubscribe, .downgrade, .upgrade, .autoRenewEnabled, .autoRenewDisabled, .voluntary,
        .billingRetry, .priceIncrease, .gracePeriod, .pending, .accepted, .billingRecovery, .productNotForSale,
        .summary, .failure, .unreported,
    ]
}
