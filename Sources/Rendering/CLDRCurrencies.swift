import CICU

/// ISO 4217 currency data from ICU, for checks outside rendering.
package enum CLDRCurrencies {
    /// The minor-unit digits of `code` (JPY, CLP and ISK 0, USD 2, BHD 3), or nil when it is not an ISO 4217
    /// currency in use today (withdrawn currencies, funds, metals and test codes are not).
    package static func fractionDigits(of code: String) -> Int? {
        digits[code]
    }

    /// Every current currency's digits, read from ICU once.
    private static let digits: [String: Int] = {
        let codes = (readICUText { cicu_current_currencies($0, $1) } ?? "").split(separator: " ").map(String.init)
        return Dictionary(codes.compactMap { code in ICULocale.fractionDigits(ofCurrency: code).map { (code, $0) } }) {
            first, _ in first
        }
    }()
}
