import CICU

/// ISO 4217 currency data from ICU, for checks outside rendering.
package enum CLDRCurrencies {
    /// The minor-unit digits of `code` (JPY, CLP and ISK 0, USD 2, BHD 3), or nil when it is not an ISO 4217
    /// currency in use today (withdrawn currencies, funds, metals and test codes are not).
    package static func fractionDigits(of code: String) -> Int? {
        guard cicu_currency_is_current(code) != 0 else { return nil }
        return ICULocale.fractionDigits(ofCurrency: code)
    }
}
