package import TollgateEvaluation

extension PlayPurchase {
    /// The subscription states that grant access until the line item's `expiryTime`, and the state they grant.
    private static let granting: [String: EntitlementState] = [
        "SUBSCRIPTION_STATE_ACTIVE": .active, "SUBSCRIPTION_STATE_IN_GRACE_PERIOD": .gracePeriod,
        "SUBSCRIPTION_STATE_CANCELED": .active,
    ]

    /// The entitlements at `now`: one per line item of a subscription, one for a one-time product (none for a
    /// consumable, which gives credits, nor before the API was read). Each has store `play`, original transaction
    /// the token, ownership `purchased`, and `expires` only while `active` or in `grace_period`.
    ///
    /// - Subscription line item (an auto-renewable product even when the policy lacks it): `ACTIVE` is `active`,
    ///   `IN_GRACE_PERIOD` `grace_period` and `CANCELED` `active`, each until its `expiryTime` (`expires`), then (or
    ///   without one) `expired`; `ON_HOLD` is `billing_retry` whatever its `expiryTime`; `PENDING` is `pending`;
    ///   `PAUSED`, `EXPIRED`, `PENDING_PURCHASE_CANCELED`, and a state Google does not document, are `expired` (no
    ///   access); a voided purchase is `revoked`. `will_renew` is `autoRenewEnabled`.
    /// - One-time product (non-consumable when the policy lacks it): `purchaseState` 0 is `active` (a non-renewing
    ///   product for its `period` from `purchaseTime`, months then days in the UTC calendar, then `expired`), 1
    ///   `revoked`, 2 `pending`, another `expired`; a voided purchase is `revoked`.
    package func entitlements(at now: Timestamp, policy: CustomerPolicy) -> [CustomerEntitlement] {
        switch read {
        case .subscription(let subscription):
            return subscription.lineItems.compactMap { item in
                let product = Self.product(of: item, policy: policy)
                guard policy.products[product]?.type != .consumable else { return nil }
                let access = subscriptionAccess(subscription.state, expiry: item.expiryTime, at: now)
                return entitlement(product, access, periodType: item.periodType, willRenew: item.autoRenewEnabled)
            }
        case .product(let productID, let purchase):
            let facts = policy.products[productID]
            guard facts?.type != .consumable else { return [] }
            return [entitlement(productID, productAccess(purchase, facts: facts, at: now), periodType: .normal,
                                willRenew: false)]
        case nil:
            return []
        }
    }

    /// Whether a line item of a subscription in `state` grants access at `now`, per the state table of
    /// `entitlements(at:policy:)`, voiding aside.
    static func grants(_ state: String, _ item: PlaySubscriptionPurchase.LineItem, at now: Timestamp) -> Bool {
        guard granting[state] != nil, let expiry = item.expiryTime else { return false }
        return expiry > now
    }

    /// The state and `expires` of a line item in subscription state `state`.
    private func subscriptionAccess(_ state: String, expiry: Timestamp?,
                                    at now: Timestamp) -> (state: EntitlementState, expires: Timestamp?) {
        if voidedAt != nil { return (.revoked, nil) }
        if let granted = Self.granting[state] {
            guard let expiry, expiry > now else { return (.expired, nil) }
            return (granted, expiry)
        }
        switch state {
        case "SUBSCRIPTION_STATE_ON_HOLD": return (.billingRetry, nil)
        case "SUBSCRIPTION_STATE_PENDING": return (.pending, nil)
        default: return (.expired, nil)
        }
    }

    /// The state and `expires` of a one-time product's purchase.
    private func productAccess(_ purchase: PlayProductPurchase, facts: ProductFacts?,
                               at now: Timestamp) -> (state: EntitlementState, expires: Timestamp?) {
        if voidedAt != nil { return (.revoked, nil) }
        switch purchase.purchaseState {
        case 0:
            guard facts?.type == .nonRenewing, let period = facts?.period, let bought = purchase.purchaseTime else {
                return (.active, nil)
            }
            let end = UTCCalendar.adding(period, to: bought)
            return end > now ? (.active, end) : (.expired, nil)
        case 1: return (.revoked, nil)
        case 2: return (.pending, nil)
        default: return (.expired, nil)
        }
    }

    private func entitlement(_ product: String, _ access: (state: EntitlementState, expires: Timestamp?),
                             periodType: PeriodType, willRenew: Bool) -> CustomerEntitlement {
        CustomerEntitlement(product: product, state: access.state, expires: access.expires, store: .play,
                            environment: environment, originalTransaction: token, ownership: .purchased,
                            periodType: periodType, willRenew: willRenew)
    }
}
