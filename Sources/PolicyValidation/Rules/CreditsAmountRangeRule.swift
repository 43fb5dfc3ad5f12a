import Diagnostics
import PolicyModel

/// A consumable's `credits.amount` is what one purchase adds to a balance: from 1 to a billion.
struct CreditsAmountRangeRule: Rule {
    static let id = "credits-amount-out-of-range"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "a consumable's credits amount is not from 1 to 1,000,000,000"
    static let explanation = """
        Each confirmed purchase of a consumable adds its 'credits.amount' (times the quantity bought) to \
        the customer's balance, and a refund takes the same amount back. An amount of zero or less would \
        turn a purchase into a charge or do nothing; one above a billion would let a few purchases \
        overflow the balance. Give the number of credits one purchase adds, from 1 to 1,000,000,000.
        """

    /// The largest amount one purchase may add.
    static let maximum = 1_000_000_000

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.products.compactMap { product in
            guard let amount = product.credits?.amount, !(1...Self.maximum).contains(amount.value) else { return nil }
            return finding("credits amount \(amount.value) of '\(product.id.value)' is not from 1 to 1,000,000,000",
                           at: amount.span, help: "give the number of credits one purchase adds")
        }
    }
}
