import Diagnostics
import Foundation
package import PolicyModel
package import YAML

/// Reads a prices file, YAML or JSON, into a `PriceSheet`.
package enum PriceSheetLoader {
    static let keys = ["storefront", "currency", "prices", "intro_prices", "intro_eligible", "locale"]

    /// Loads the prices in `bytes`, read from `file`; `currencyDigits` (ICU's) tells which codes are currencies
    /// and how many decimals their amounts may have. `otherKeys` are top-level keys another reader of the same
    /// document owns, which the prices skip rather than refuse.
    package static func load(_ bytes: [UInt8], file: String, currencyDigits: CurrencyDigits,
                             otherKeys: [String] = [], limits: YAMLLimits = .standard) -> Loaded<PriceSheet> {
        var reader = NodeReader(fileID: SourceFileID(file), bytes: bytes)
        guard let root = reader.parse(bytes, limits: limits) else {
            if reader.diagnostics.isEmpty {
                reader.report(LoaderRules.emptyFile, "prices file is empty", at: .wholeFile(file),
                              help: "write the store's currency and prices: 'currency: USD' and 'prices: {…}'")
            }
            return Loaded(value: nil, diagnostics: reader.diagnostics)
        }
        return Loaded(value: reader.priceSheet(root, currencyDigits: currencyDigits, otherKeys: otherKeys),
                      diagnostics: reader.diagnostics)
    }
}

extension NodeReader {
    mutating func priceSheet(_ root: Node, currencyDigits: CurrencyDigits, otherKeys: [String] = []) -> PriceSheet? {
        guard let fields = mapping(root, "the prices file", allowed: PriceSheetLoader.keys + otherKeys,
                                   required: ["currency", "prices"]) else { return nil }
        let storefront = fields["storefront"].flatMap { string($0, "storefront") }
        let locale = fields["locale"].flatMap { string($0, "locale") }
        let currency = fields["currency"].flatMap { currencyCode($0, currencyDigits: currencyDigits) }
        let prices = fields["prices"].map { amounts($0, "prices", currency: currency) } ?? [:]
        let introPrices = fields["intro_prices"].map { amounts($0, "intro_prices", currency: currency) } ?? [:]
        var eligible: [String: Bool] = [:]
        for entry in fields["intro_eligible"].map({ entries($0, "intro_eligible") }) ?? [] {
            if let flag = bool(entry.value, "intro_eligible of group '\(entry.key.value)'") {
                eligible[entry.key.value] = flag.value
            }
        }
        guard let currency, diagnostics.isEmpty else { return nil }
        return PriceSheet(storefront: storefront, currency: currency.code, prices: prices, introPrices: introPrices,
                          introEligible: eligible, locale: locale)
    }

    /// The sheet's currency and its minor-unit digits.
    private mutating func currencyCode(_ node: Node, currencyDigits: CurrencyDigits)
        -> (code: Located<String>, digits: Int)?
    {
        guard let code = string(node, "currency") else { return nil }
        guard code.value.count == 3, code.value.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            report(LoaderRules.invalidValue, "currency must be an ISO 4217 code; found '\(code.value)'",
                   at: code.span, help: "write three capital letters, such as USD, EUR or KRW")
            return nil
        }
        guard let digits = currencyDigits(code.value) else {
            report(LoaderRules.invalidValue, "currency '\(code.value)' is not an ISO 4217 currency in use",
                   at: code.span, help: "write the currency code the store gave, such as USD, EUR or KRW")
            return nil
        }
        return (code, digits)
    }

    /// The amounts of a `prices` mapping; each may have at most the currency's digits, as stores never round.
    private mutating func amounts(_ node: Node, _ what: String, currency: (code: Located<String>, digits: Int)?)
        -> [String: Located<StoreAmount>]
    {
        var result: [String: Located<StoreAmount>] = [:]
        for (id, value) in entries(node, what) {
            guard let text = string(value, "the price of '\(id.value)' in \(what)") else { continue }
            guard let amount = StoreAmount(text.value) else {
                report(LoaderRules.invalidValue,
                       "the price of '\(id.value)' in \(what) must be a decimal amount; found '\(text.value)'",
                       at: text.span, help: "write the store's amount as digits with an optional '.', such as \"29.99\"")
                continue
            }
            if let currency, let digits = Decimal.fractionDigits(ofPolicyAmount: text.value), digits > currency.digits {
                let allowed = currency.digits == 0 ? "no decimal places"
                    : "at most \(currency.digits) decimal place\(currency.digits == 1 ? "" : "s")"
                report(LoaderRules.invalidValue,
                       "the price of '\(id.value)' in \(what), '\(text.value)', has \(digits) decimal place"
                           + "\(digits == 1 ? "" : "s"); \(currency.code.value) has \(allowed)",
                       at: text.span, help: "write the amount exactly as the store gave it, with \(allowed); "
                           + "prices are never rounded")
                continue
            }
            result[id.value] = Located(amount, at: text.span)
        }
        return result
    }
}
