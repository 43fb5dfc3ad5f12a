import Diagnostics
import PolicyModel
import TollgateEvaluation

/// An audience's `when` reads only the names and functions the context has.
struct AudienceUnknownNameRule: Rule {
    static let id = "audience-unknown-name"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "an audience's 'when' uses a name or function the context does not have"
    static let explanation = """
        A condition reads the context's names (user_id, storefront, locale, language, platform, \
        app_version, days_since_install, tiers, features, ads), the attributes the app sends \
        (attributes.NAME) and the functions version() and has(). Any other name, usually a typo such as \
        'storefrnt', would make the condition meaningless. Fix the name (the message suggests the closest \
        one), or send the value as an attribute and write attributes.NAME.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        conditionFindings(app, keep: { kind in
            if case .unknownName(_, _) = kind { return true }
            return false
        }, help: { issue in
            guard case .unknownName(let name, let candidates) = issue.kind else { return issue.help }
            if let suggestion = Suggestion.didYouMean(name, in: candidates) ?? issue.help { return suggestion }
            let names = candidates.filter { $0 != "attributes" }.joined(separator: ", ")
            return candidates.contains("attributes")
                ? "write one of \(names), or attributes.NAME for a value the app sends" : "write one of \(names)"
        })
    }
}
