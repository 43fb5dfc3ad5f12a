import TollgateEvaluation

extension PlayPurchase {
    /// The credit changes a consumable one-time purchase calls for, as `Purchase.creditChanges(product:)` does with
    /// the token as transaction id: once bought (`purchaseState` 0, or 1 after it was bought) the policy's
    /// `credits` × `quantity` under `<token>:purchase`, and once voided or canceled (`purchaseState` 1) the same
    /// amount back under `<token>:refund`. None for a pending purchase, a subscription, or a product without
    /// `credits`.
    package func creditChanges(policy: CustomerPolicy) -> [CreditChange] {
        guard case .product(let productID, let purchase) = read, let facts = policy.products[productID],
              facts.type == .consumable, let grant = facts.credits, [0, 1].contains(purchase.purchaseState) else {
            return []
        }
        return grant.changes(transactionID: token, quantity: purchase.quantity,
                             refunded: voidedAt != nil || purchase.purchaseState == 1)
    }
}
