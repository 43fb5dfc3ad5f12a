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
