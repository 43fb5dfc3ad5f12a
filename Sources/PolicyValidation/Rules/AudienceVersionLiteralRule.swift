import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Every `version("…")` literal in an audience's `when` is a version.
struct AudienceVersionLiteralRule: Rule {
    static let id = "audience-version-literal"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "an audience's 'when' has a version() literal that is not one to four whole numbers"
    static let explanation = """
        version("2.3") compares app versions part by part, so 2.10 comes after 2.9. Its argument must be \
        one to four whole numbers joined by dots; anything else ('2.3-beta', 'v2', '') has no place in that \
        order. Write the version the app reports, such as "2.3" or "2.3.1".
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        conditionFindings(app) { kind in
            if case .version(_) = kind { return true }
            return false
        }
    }
}
