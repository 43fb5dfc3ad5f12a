import Diagnostics
import Foundation
import PolicyModel

/// Reference prices are keyed by ISO 4217 codes and written as plain decimals with the currency's digits.
struct ReferencePriceInvalidRule: Rule {
    static let id = "reference-price-invalid"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "a reference price has an unknown currency code or an amount that is not a plain decimal"
    static let explanation = """
        Reference prices drive previews, per-month comparisons and the cheapest-first order of upsells. \
        Each key is an ISO 4217 currency code in use (three uppercase letters, such as USD, EUR, KRW) and \
        each amount a decimal string without sign, currency symbol or thousands separators, with at most \
        the currency's minor-unit digits as ICU's CLDR data gives them: none for JPY, KRW, CLP, VND and \
        ISK, three for BHD, KWD, OMR, JOD and TND, two for most others. Quote amounts ("2.99") so YAML \
        keeps them as written.
        """

    /// ICU's minor-unit digits, which also tell which codes are currencies.
    let currencyDigits: CurrencyDigits

    func check(_ app: AppSources) -> [Diagnostic] {
        // Products are read by position, so that only their prices are copied out.
        let products = app.policy.products
        var findings: [Diagnostic] = []
        for index in products.indices {
            for price in products[index].referencePrices {
                findings += check(price)
            }
            for price in products[index].introOffer?.referencePrices ?? [] {
                findings += check(price)
            }
        }
        return findings
    }

    private func check(_ price: ReferencePrice) -> [Diagnostic] {
        let code = price.currency
        guard let digits = digits(of: code.value) else {
            let upper = code.value.uppercased()
            let help = upper != code.value && digits(of: upper) != nil ? "write '\(upper)'" : nil
            let expected = CurrencyCode.isWellFormed(code.value) ? "a code" : "three uppercase letters"
            return [finding("'\(code.value)' is not an ISO 4217 currency code; expected \(expected) such as USD, EUR "
                                + "or JPY", at: code.span, help: help)] + checkAmount(price.amount, currency: nil)
        }
        return checkAmount(price.amount, currency: (code.value, digits))
    }

    /// The minor-unit digits of `code`, or nil when it is not a currency code.
    private func digits(of code: String) -> Int? {
        CurrencyCode.isWellFormed(code) ? currencyDigits(code) : nil
    }

    /// The amount's form and, when the currency is known, its number of fraction digits.
    private func checkAmount(_ amount: Located<String>, currency: (code: String, digits: Int)?) -> [Diagnostic] {
        let text = amount.value
        guard let digits = Decimal.fractionDigits(ofPolicyAmount: text) else {
            return [finding("reference price '\(text)' is not a plain decimal amount; expected digits with an "
                                + "optional '.' and fraction, such as '2.99'", at: amount.span,
                            help: Self.fix(text).map { "write '\($0)'" })]
        }
        guard let currency, digits > currency.digits else { return [] }
        let places = currency.digits == 0 ? "no decimal places" : "at most \(currency.digits) decimal places"
        let has = digits == 1 ? "1 decimal place" : "\(digits) decimal places"
        return [finding("reference price '\(text)' has \(has); \(currency.code) has \(places)",
                        at: amount.span, help: "write the price as the store shows it, with \(places)")]
    }

    /// A plain spelling of an amount written with thousands separators or a decimal comma, when that is clear.
    private static func fix(_ text: String) -> String? {
        let groups = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = groups[0].split(separator: ",", omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in
            !part.isEmpty && part.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        }
        guard whole.count > 1, whole.allSatisfy(isDigits) else { return nil }
        let fraction = groups.count == 2 ? groups[1] : nil
        if whole.count == 2, fraction == nil, whole[1].count != 3 {
            return "\(whole[0]).\(whole[1])"
        }
        let thousands = whole.dropFirst().allSatisfy { $0.count == 3 } && whole[0].count <= 3
        guard thousands, fraction.map(isDigits) ?? true else { return nil }
        return whole.joined() + (fraction.map { ".\($0)" } ?? "")
    }
}
