import CICU

/// ISO 3166-1 country codes from ICU, for checks outside rendering.
package enum CLDRCountries {
    /// The alpha-3 code (JPN, USA, DEU) of each country and region ICU knows, by its alpha-2 code (JP, US, DE);
    /// the codes StoreKit's `Storefront.countryCode` gives are among the alpha-3 codes.
    package static let alpha3ByAlpha2: [String: String] = {
        let pairs = (readICUText { cicu_country_codes($0, $1) } ?? "").split(separator: " ").compactMap { pair in
            let codes = pair.split(separator: ":").map(String.init)
            return codes.count == 2 ? (codes[0], codes[1]) : nil
        }
        return Dictionary(pairs) { first, _ in first }
    }()
}
