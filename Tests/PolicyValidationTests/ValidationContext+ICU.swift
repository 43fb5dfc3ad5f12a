import PolicyValidation
import Rendering

extension ValidationContext {
    /// ICU's plural data, currency digits and country codes, as the command line and the service pass them.
    static func icu(baselines: [String: ProductBaseline]? = nil) -> ValidationContext {
        ValidationContext(pluralCategories: CLDRPlurals.categories(of:),
                          currencyDigits: CLDRCurrencies.fractionDigits(of:),
                          storefronts: CLDRCountries.alpha3ByAlpha2, baselines: baselines)
    }
}
