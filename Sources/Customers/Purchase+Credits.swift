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
            grant.changes(transactionID: transaction.transactionID, quantity: transaction.quantity,
                          refunded: transaction.revocationDate != nil)
        }
    }
}
