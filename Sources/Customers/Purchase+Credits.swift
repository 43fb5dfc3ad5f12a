import TollgateEvaluation

extension Purchase {
    /// The credit changes the purchase calls for, by transaction id: for each consumable transaction, `credits` ×
    /// `quantity` with reason `purchase` (key `<transactionID>:purchase`), and once it is revoked the same amount
    /// back with reason `refund` (key `<transactionID>:refund`). The caller records the keys not recorded yet, so a
    /// refund reversed after it was recorded stays recorded. None without `product.credits`.
    package func creditChanges(product: ProductFacts?) -> [CreditChange] {
        guard let grant = product?.credits else { return [] }
        let consumables = transactions.values.filter { ($0.productType ?? product?.type) == .consumable }
        return consumables.sorted { $0.transactionID < $1.transactionID }.flatMap { transaction in
            let amount = Self.units(grant.amount, times: transaction.quantity)
            let id = transaction.transactionID
            var changes = [CreditChange(key: id + ":purchase", transactionID: id, currency: grant.currency,
                                        amount: amount, reason: "purchase")]
            if transaction.revocationDate != nil {
                changes.append(CreditChange(key: id + ":refund", transactionID: id, currency: grant.currency,
                                            amount: -amount, reason: "refund"))
            }
            return changes
        }
    }

    /// `amount` × `quantity`, held within ±`Int64.max` so that the refund's negation never overflows.
    private static func units(_ amount: Int64, times quantity: Int64) -> Int64 {
        let (product, overflow) = amount.multipliedReportingOverflow(by: quantity)
        if overflow { return (amount < 0) == (quantity < 0) ? .max : -.max }
        return max(product, -.max)
    }
}
