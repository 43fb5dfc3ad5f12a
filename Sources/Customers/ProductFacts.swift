package import TollgateEvaluation

/// What the policy says of the product a purchase is for: its type, a non-renewing subscription's period and a
/// consumable's credits.
package struct ProductFacts: Hashable, Sendable {
    package var type: ProductType
    /// How long a non-renewing subscription lasts from its purchase.
    package var period: PolicyBundle.Period?
    /// What each unit of a consumable adds to the customer's balance.
    package var credits: CreditGrant?

    package init(type: ProductType, period: PolicyBundle.Period? = nil, credits: CreditGrant? = nil) {
        self.type = type
        self.period = period
        self.credits = credits
    }
}

/// A consumable's `credits`: `amount` of `currency` per unit bought.
package struct CreditGrant: Hashable, Sendable {
    package var currency: String
    package var amount: Int64

    package init(currency: String, amount: Int64) {
        self.currency = currency
        self.amount = amount
    }

    /// The changes one purchase of `quantity` units calls for: `amount` × `quantity` with reason `purchase` (key
    /// `<transactionID>:purchase`), and once it is `refunded` the same amount back with reason `refund` (key
    /// `<transactionID>:refund`).
    func changes(transactionID id: String, quantity: Int64, refunded: Bool) -> [CreditChange] {
        let units = Self.units(amount, times: quantity)
        var changes = [CreditChange(key: id + ":purchase", transactionID: id, currency: currency, amount: units,
                                    reason: "purchase")]
        if refunded {
            changes.append(CreditChange(key: id + ":refund", transactionID: id, currency: currency, amount: -units,
                                        reason: "refund"))
        }
        return changes
    }

    /// `amount` × `quantity`, held within ±`Int64.max` so that the refund's negation never overflows.
    private static func units(_ amount: Int64, times quantity: Int64) -> Int64 {
        let (product, overflow) = amount.multipliedReportingOverflow(by: quantity)
        if overflow { return (amount < 0) == (quantity < 0) ? .max : -.max }
        return max(product, -.max)
    }
}

/// One change to a customer's balance that a purchase calls for, to record once under `key`.
package struct CreditChange: Hashable, Sendable {
    /// `<transactionID>:purchase` or `<transactionID>:refund`, unique per app: the ledger records each key once.
    package var key: String
    package var transactionID: String
    package var currency: String
    /// Positive for a purchase, negative for its refund.
    package var amount: Int64
    /// `purchase` or `refund`.
    package var reason: String

    package init(key: String, transactionID: String, currency: String, amount: Int64, reason: String) {
        self.key = key
        self.transactionID = transactionID
        self.currency = currency
        self.amount = amount
        self.reason = reason
    }
}
