import Diagnostics
package import Foundation

/// An amount as the store gave it: its exact value and the decimal text it came as ("29.99").
package struct StoreAmount: Hashable, Sendable {
    package var value: Decimal
    package var text: String

    /// Parses a policy amount (ASCII digits, an optional `.` and fraction digits).
    package init?(_ text: String) {
        guard let value = Decimal(policyAmount: text) else { return nil }
        self.value = value
        self.text = text
    }
}

/// What the store says about prices at run time: one currency, an amount per product,
/// intro offer prices, and which subscription groups the user may still take an intro offer in.
package struct PriceSheet: Hashable, Sendable {
    /// The store front, such as `KOR`; shown in previews only.
    package var storefront: Located<String>?
    /// The ISO 4217 code every amount is in.
    package var currency: Located<String>
    /// The price of each product the store returned, by product id.
    package var prices: [String: Located<StoreAmount>]
    /// The intro offer price of each product that has one, by product id.
    package var introPrices: [String: Located<StoreAmount>]
    /// Whether the user is eligible for intro offers, by subscription group; absent means unknown.
    package var introEligible: [String: Bool]
    /// The user's locale, when the prices come with one (the service's render requests carry it).
    package var locale: Located<String>?

    package init(storefront: Located<String>?, currency: Located<String>, prices: [String: Located<StoreAmount>],
                 introPrices: [String: Located<StoreAmount>] = [:], introEligible: [String: Bool] = [:],
                 locale: Located<String>? = nil) {
        self.storefront = storefront
        self.currency = currency
        self.prices = prices
        self.introPrices = introPrices
        self.introEligible = introEligible
        self.locale = locale
    }
}

extension Policy {
    /// A sheet of the policy's reference prices in `currency`, for previews without store prices.
    ///
    /// Nobody's eligibility is known, so no trial is shown.
    package func referencePriceSheet(currency: String) -> PriceSheet {
        let span = SourceSpan.wholeFile(file)
        func amounts(_ entries: [(String, [ReferencePrice])]) -> [String: Located<StoreAmount>] {
            var result: [String: Located<StoreAmount>] = [:]
            for (id, prices) in entries {
                guard let price = prices.first(where: { $0.currency.value == currency }),
                      let amount = StoreAmount(price.amount.value) else { continue }
                result[id] = Located(amount, at: price.amount.span)
            }
            return result
        }
        return PriceSheet(
            storefront: nil, currency: Located(currency, at: span),
            prices: amounts(products.map { ($0.id.value, $0.referencePrices) }),
            introPrices: amounts(products.compactMap { product in
                product.introOffer.map { (product.id.value, $0.referencePrices) }
            }))
    }

    /// The currency reference previews use: USD when every product with reference prices has one,
    /// else the first product's first reference currency.
    package var referenceCurrency: String? {
        let priced = products.filter { !$0.referencePrices.isEmpty }
        if !priced.isEmpty, priced.allSatisfy({ $0.referencePrices.contains { $0.currency.value == "USD" } }) {
            return "USD"
        }
        return priced.first?.referencePrices.first?.currency.value
    }
}
