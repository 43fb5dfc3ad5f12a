import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Every audience's `when` is an expression the language can read, within its limits.
struct AudienceConditionSyntaxRule: Rule {
    static let id = "audience-condition-syntax"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "an audience's 'when' is not a valid expression, or is too long or too deeply nested"
    static let explanation = """
        An audience's 'when' is a small expression such as 'storefront == "JPN" && days_since_install < 7'. \
        A stray character, a missing operand or parenthesis or an unclosed string makes it unreadable, and \
        the service could not decide who the audience is. Conditions are also limited to 4 KiB and 64 \
        levels of nesting, so every decision stays fast. The finding points at the place inside the string \
        where reading stopped; fix the expression there.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        conditionFindings(app, keep: { kind in
            switch kind {
            case .syntax, .limit: true
            default: false
            }
        }, help: { issue in
            issue.help ?? "write comparisons joined by '&&' or '||', such as 'storefront == \"JPN\" && days_since_install < 7'"
        })
    }
}
