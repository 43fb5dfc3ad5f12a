import Diagnostics
import MessageFormat
import PolicyModel

/// Messages may only use the variables the renderer provides; titles use none.
struct TemplateUnknownVariableRule: Rule {
    static let id = "template-unknown-variable"
    static let severity = Severity.error
    static let category = "templates"
    static let summary = "a template message uses a variable the renderer does not provide"
    static let explanation = """
        Paywall messages may use the variables product_title, price, period, period_count, price_per_month, \
        price_per_week, trial_period, intro_price, savings_percent, currency, tier_title and \
        unlocked_features. Any other name, usually a typo such as '{prize}', would render as an error or as \
        nothing. Titles of tiers, features and products are plain names and take no variables. Fix the name \
        (the message suggests the closest one) or remove it.
        """

    /// The names of `TemplateVariable.all`, for membership.
    private static let known = Set(TemplateVariable.all)

    func check(_ app: AppSources) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for set in app.templates {
            set.forEachMessageSite { site in
                // The summary tells whether there is anything to report; only then are the uses listed.
                guard site.isTitle ? site.message.usesVariables : site.message.usesUnknownVariables,
                      case .success(let pattern) = site.message.pattern else { return }
                findings += pattern.variables.compactMap { use in
                    let at = site.message.span(of: use.range)
                    if site.isTitle {
                        return finding("\(site.place) uses variable '\(use.name)'; titles take no variables",
                                       at: at, help: "write the title as plain text")
                    }
                    guard !Self.known.contains(use.name) else { return nil }
                    return finding("unknown variable '\(use.name)' in \(site.place)", at: at,
                                   help: Suggestion.didYouMean(use.name, in: TemplateVariable.all)
                                       ?? "known variables: \(TemplateVariable.all.joined(separator: ", "))")
                }
            }
        }
        return findings
    }
}
