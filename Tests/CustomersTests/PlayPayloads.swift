import Customers
import JSON
import TollgateEvaluation

/// Play Developer API answers written as JSON text and read through the payload types; `now` is
/// 2026-01-15T00:00:00Z, a line item's default expiry a month after 2026-01-01.
enum PlayPayloads {
    static let now = Timestamp(secondsSince1970: 1_768_435_200)
    static let future = "2026-02-01T00:00:00.250Z"
    static let past = "2026-01-10T00:00:00Z"
    /// 2026-02-01T00:00:00Z, `future` to the second.
    static let futureTime = Timestamp(secondsSince1970: 1_769_904_000)

    static let policy = CustomerPolicy(
        app: "demo", bundleID: nil, appleID: nil, restore: .transfer,
        products: [
            "pro:monthly": ProductFacts(type: .autoRenewable),
            "plus": ProductFacts(type: .autoRenewable),
            "lifetime": ProductFacts(type: .nonConsumable),
            "pass.week": ProductFacts(type: .nonRenewing, period: .init(months: 0, days: 7)),
            "coins.100": ProductFacts(type: .consumable, credits: CreditGrant(currency: "coins", amount: 100)),
            "gems": ProductFacts(type: .consumable),
        ],
        packageName: "com.example.app")

    static func json(_ text: String) throws -> JSONValue {
        try JSONValue(reading: Array(text.utf8))
    }

    /// A subscription in `SUBSCRIPTION_STATE_<state>` with one line item of `pro`, base plan `monthly`.
    static func subscription(
        _ state: String, expiry: String = future, product: String = "pro", basePlan: String = "monthly",
        extra: String = "", acknowledged: Bool = false, item: String = ""
    ) throws -> PlaySubscriptionPurchase {
        let acknowledgement = acknowledged ? "ACKNOWLEDGED" : "PENDING"
        return try PlaySubscriptionPurchase(json: json("""
            {"kind": "androidpublisher#subscriptionPurchaseV2", "subscriptionState": "SUBSCRIPTION_STATE_\(state)",
             "startTime": "2026-01-01T00:00:00.123Z",
             "acknowledgementState": "ACKNOWLEDGEMENT_STATE_\(acknowledgement)",
             "lineItems": [{"productId": "\(product)", "expiryTime": "\(expiry)",
                            "autoRenewingPlan": {"autoRenewEnabled": true},
                            "offerDetails": {"basePlanId": "\(basePlan)"}\(item)}]\(extra)}
            """))
    }

    /// A one-time product's purchase in `state`, bought at 2026-01-01T00:00:00Z.
    static func product(_ state: Int, consumed: Bool = false, acknowledged: Bool = false,
                        extra: String = "") throws -> PlayProductPurchase {
        try PlayProductPurchase(json: json("""
            {"kind": "androidpublisher#productPurchase", "purchaseTimeMillis": "1767225600000",
             "purchaseState": \(state), "consumptionState": \(consumed ? 1 : 0),
             "acknowledgementState": \(acknowledged ? 1 : 0),
             "orderId": "GPA.1234"\(extra)}
            """))
    }

    static func purchase(_ read: PlayPurchase.Read, token: String = "tok", voided: Bool = false) -> PlayPurchase {
        var purchase = PlayPurchase(token: token)
        purchase.merge(read, at: now)
        if voided { purchase.void(at: now) }
        return purchase
    }
}
