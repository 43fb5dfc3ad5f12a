import Foundation
import PolicyModel

/// Catalog prices as policy reference prices: a currency the policy accepts and an amount with no more decimals
/// than the currency has (`480.00` yen becomes `480`). A price that cannot be one is left out with a note.
struct PriceNormalizer {
    var currencyDigits: CurrencyDigits
    private(set) var notes: [String] = []

    init(currencyDigits: @escaping CurrencyDigits) {
        self.currencyDigits = currencyDigits
    }

    /// The prices of `what`, sorted by currency code.
    mutating func normalize(_ prices: [String: Located<String>], of what: String)
        -> [(currency: String, amount: String)] {
        prices.keys.sorted().compactMap { currency in
            guard let text = prices[currency]?.value else { return nil }
            guard let digits = currencyDigits(currency) else {
                notes.append("the price of \(what) in '\(currency)' was left out: not an ISO 4217 currency in use")
                return nil
            }
            guard let amount = Self.amount(text, digits: digits) else {
                notes.append("the price '\(text)' \(currency) of \(what) was left out: expected a decimal amount "
                                 + "with at most \(digits) decimals")
                return nil
            }
            return (currency, amount)
        }
    }

    /// `text` with fraction zeros beyond `digits` dropped, or nil when it is not a plain decimal that fits.
    static func amount(_ text: String, digits: Int) -> String? {
        guard let fraction = Decimal.fractionDigits(ofPolicyAmount: text) else { return nil }
        guard fraction > digits else { return text }
        var trimmed = Substring(text)
        var left = fraction
        while left > digits, trimmed.last == "0" {
            trimmed.removeLast()
            left -= 1
        }
        guard left <= digits else { return nil }
        if trimmed.last == "." { trimmed.removeLast() }
        return String(trimmed)
    }
}

/// Why `tollgate catalog import` wrote nothing.
package struct CatalogImportError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    init(_ description: String) {
        self.description = description
    }
}
