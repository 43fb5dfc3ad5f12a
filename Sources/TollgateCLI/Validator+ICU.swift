import PolicyValidation
import Rendering

extension Validator {
    /// The standard rules with ICU's plural data, as every command validates.
    static let withICU = Validator(context: ValidationContext(pluralCategories: CLDRPlurals.categories(of:)))

    /// The standard rules with ICU's plural data and the products published before.
    static func withICU(baselines: [String: ProductBaseline]) -> Validator {
        Validator(context: ValidationContext(pluralCategories: CLDRPlurals.categories(of:), baselines: baselines))
    }
}
