/// Every verified payload of one purchase (an `originalTransactionId`): the newest version of each of its
/// transactions and of its renewal info. Merging is order-independent, so any arrival order of the same versions,
/// with repeats, gives the same purchase.
package struct Purchase: Hashable, Sendable {
    package var originalTransactionID: String
    /// The newest version of each transaction, by `transactionID`.
    package var transactions: [String: AppStoreTransaction]
    /// The newest renewal info, for a subscription.
    package var renewal: AppStoreRenewalInfo?

    package init(originalTransactionID: String) {
        self.originalTransactionID = originalTransactionID
        transactions = [:]
        renewal = nil
    }

    /// Keeps `transaction` if it is newer (signed later; in the same millisecond, the greater canonical text) than
    /// the version held, and returns whether it did. A transaction of another purchase changes nothing.
    @discardableResult
    package mutating func merge(_ transaction: AppStoreTransaction) -> Bool {
        guard transaction.originalTransactionID == originalTransactionID else { return false }
        if let held = transactions[transaction.transactionID], !transaction.isNewer(than: held) { return false }
        transactions[transaction.transactionID] = transaction
        return true
    }

    /// Keeps `renewal` if it is newer than the renewal info held, as `merge(_:)` does for transactions, and returns
    /// whether it did. Renewal info of another purchase changes nothing.
    @discardableResult
    package mutating func merge(_ renewal: AppStoreRenewalInfo) -> Bool {
        guard renewal.originalTransactionID == originalTransactionID else { return false }
        if let held = self.renewal, !renewal.isNewer(than: held) { return false }
        self.renewal = renewal
        return true
    }
}
