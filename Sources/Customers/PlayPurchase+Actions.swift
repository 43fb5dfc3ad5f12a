package import TollgateEvaluation

extension PlayPurchase {
    /// What Google must be told at `now` (Google refunds a purchase left unacknowledged for three days): consume a
    /// consumable the policy gives credits for once it is bought (`purchaseState` 0) and not consumed (consuming
    /// acknowledges it); else acknowledge a purchase in a granting state that is not acknowledged: a subscription
    /// `ACTIVE`, `IN_GRACE_PERIOD` or `CANCELED` under the first line item whose `expiryTime` is after `now`, or a
    /// one-time product with `purchaseState` 0 that is not consumed (a consumable without credits too). Nothing
    /// once voided, nor for a pending or expired purchase.
    package func actions(at now: Timestamp, policy: CustomerPolicy) -> [PlayAction] {
        guard voidedAt == nil else { return [] }
        switch read {
        case .subscription(let subscription):
            guard !subscription.acknowledged,
                  let item = subscription.lineItems.first(where: { Self.grants(subscription.state, $0, at: now) })
            else { return [] }
            return [.acknowledgeSubscription(productID: item.productID)]
        case .product(let productID, let purchase):
            guard purchase.purchaseState == 0, !purchase.consumed else { return [] }
            let facts = policy.products[productID]
            if facts?.type == .consumable, facts?.credits != nil { return [.consumeProduct(productID: productID)] }
            return purchase.acknowledged ? [] : [.acknowledgeProduct(productID: productID)]
        case nil:
            return []
        }
    }
}
