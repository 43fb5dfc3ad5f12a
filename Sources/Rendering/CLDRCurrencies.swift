import CICU

/// ISO 4217 currency data from ICU, for checks outside rendering.
package enum CLDRCurrencies {
    /// The minor-unit digits of `code` (JPY, CLP and ISK 0, USD 2, BHD 3), or nil when it is not an ISO 4217
    /// currency in use today (withdrawn currencies, funds, metals and test codes are not).
    package static func fractionDigits(of code: String) -> Int? {
        digits[code]
    }

    /// The currency a storefront (ISO 3166-1 alpha-3, as StoreKit's `Storefront.countryCode`) sells in today:
    /// `USA` USD, `JPN` JPY, `ESP` EUR; nil for a code ICU does not know.
    package static func currency(ofStorefront storefront: String) -> String? {
        guard let alpha2 = CLDRCountries.alpha3ByAlpha2.first(where: { $0.value == storefront })?.key else { return nil }
        var buffer = [CChar](repeating: 0, count: 4)
        guard cicu_country_currency(alpha2, &buffer, 4) == 3 else { return nil }
        return String(decoding: buffer.prefix(3).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every current currency's digits, read from ICU once.
    private static let digits: [String: Int] = {
        let codes = (readICUText { cicu_current_currencies($0, $1) } ?? "").split(separator: " ").map(String.init)
        return Dictionary(codes.compactMap { code in ICULocale.fractionDigits(ofCurrency: code).map { (code, $0) } }) {
            first, _ in first
        }
    }()
}
