import JSON

/// The answer to spending credits: `{"currency", "balance", "spent"}`, the balance after the spend.
package struct SpendReceipt: Hashable, Sendable {
    package var currency: String
    package var balance: Int64
    package var spent: Int64

    package init(currency: String, balance: Int64, spent: Int64) {
        self.currency = currency
        self.balance = balance
        self.spent = spent
    }

    package func json() -> [UInt8] {
        var writer = JSONWriter(capacity: 96)
        writer.object { members in
            members.member("currency") { $0.string(currency) }
            members.member("balance") { $0.integer(balance) }
            members.member("spent") { $0.integer(spent) }
        }
        return writer.bytes
    }
}
