/// An App Store Server Notification's `notificationType`: the 23 Apple documents as constants, and any other string
/// kept as sent, never refused.
package struct NotificationType: AppStoreName {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    package static let subscribed = NotificationType(rawValue: "SUBSCRIBED")
    package static let didChangeRenewalPref = NotificationType(rawValue: "DID_CHANGE_RENEWAL_PREF")
    package static let didChangeRenewalStatus = NotificationType(rawValue: "DID_CHANGE_RENEWAL_STATUS")
    package static let offerRedeemed = NotificationType(rawValue: "OFFER_REDEEMED")
    package static let didRenew = NotificationType(rawValue: "DID_RENEW")
    package static let expired = NotificationType(rawValue: "EXPIRED")
    package static let didFailToRenew = NotificationType(rawValue: "DID_FAIL_TO_RENEW")
    package static let gracePeriodExpired = NotificationType(rawValue: "GRACE_PERIOD_EXPIRED")
    package static let priceIncrease = NotificationType(rawValue: "PRICE_INCREASE")
    package static let refund = NotificationType(rawValue: "REFUND")
    package static let refundDeclined = NotificationType(rawValue: "REFUND_DECLINED")
    package static let consumptionRequest = NotificationType(rawValue: "CONSUMPTION_REQUEST")
    package static let renewalExtended = NotificationType(rawValue: "RENEWAL_EXTENDED")
    package static let revoke = NotificationType(rawValue: "REVOKE")
    package static let test = NotificationType(rawValue: "TEST")
    package static let renewalExtension = NotificationType(rawValue: "RENEWAL_EXTENSION")
    package static let refundReversed = NotificationType(rawValue: "REFUND_REVERSED")
    package static let externalPurchaseToken = NotificationType(rawValue: "EXTERNAL_PURCHASE_TOKEN")
    package static let oneTimeCharge = NotificationType(rawValue: "ONE_TIME_CHARGE")
    package static let rescindConsent = NotificationType(rawValue: "RESCIND_CONSENT")
    package static let metadataUpdate = NotificationType(rawValue: "METADATA_UPDATE")
    package static let migration = NotificationType(rawValue: "MIGRATION")
    package static let priceChange = NotificationType(rawValue: "PRICE_CHANGE")

    /// Every type Apple documents, in the order of its list.
    package static let known: [NotificationType] = [
        .subscribed, .didChangeRenewalPref, .didChangeRenewalStatus, .offerRedeemed, .didRenew, .expired,
        .didFailToRenew, .gracePeriodExpired, .priceIncrease, .refund, .refundDeclined, .consumptionRequest,
        .renewalExtended, .revoke, .test, .renewalExtension, .refundReversed, .externalPurchaseToken, .oneTimeCharge,
        .rescindConsent, .metadataUpdate, .migration, .priceChange,
    ]
}
