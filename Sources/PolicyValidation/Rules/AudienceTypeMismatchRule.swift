import Diagnostics
import PolicyModel
import TollgateEvaluation

/// An audience's `when` compares values of types that go together.
struct AudienceTypeMismatchRule: Rule {
    static let id = "audience-type-mismatch"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "an audience's 'when' compares values of different types, or is not true or false"
    static let explanation = """
        Conditions are typed: days_since_install is a number, storefront a string, version(app_version) a \
        version, tiers a list. 'days_since_install == "7"' compares a number with a string and could never \
        hold; 'storefront' alone is not true or false. The finding points at the comparison inside the \
        string and says what each side is; compare like with like.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        conditionFindings(app) { $0 == .typeMismatch }
    }
}
