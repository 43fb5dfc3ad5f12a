import PolicyValidation
import Rendering

extension Validator {
    /// The standard rules with ICU's plural data, as every command validates.
    static let withICU = Validator(pluralCategories: CLDRPlurals.categories(of:))
}
