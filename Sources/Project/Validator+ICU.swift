import CatalogValidation
package import PolicyValidation
import Rendering

extension ValidationContext {
    /// ICU's plural categories, currency digits and country codes, with the products published before when they are known.
    package static func icu(baselines: [String: ProductBaseline]? = nil) -> ValidationContext {
        ValidationContext(pluralCategories: CLDRPlurals.categories(of:),
                          currencyDigits: CLDRCurrencies.fractionDigits(of:),
                          storefronts: CLDRCountries.alpha3ByAlpha2, baselines: baselines,
                          ruleIDs: Validator.ruleTypes.map { $0.id })
    }
}

extension Validator {
    /// The standard rules with ICU's data, as every command validates; without a baseline, the rules that
    /// compare with what was published are left out.
    package static let withICU = Validator(context: .icu())

    /// The standard rules with ICU's data and the products published before.
    package static func withICU(baselines: [String: ProductBaseline]) -> Validator {
        Validator(context: .icu(baselines: baselines))
    }
}
