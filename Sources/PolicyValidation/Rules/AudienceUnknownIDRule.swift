import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Every `"id" in tiers` and `"id" in features` in an audience's `when` names a declared tier or feature.
struct AudienceUnknownIDRule: Rule {
    static let id = "audience-unknown-id"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "an audience's 'when' tests a tier or feature id that is not declared"
    static let explanation = """
        '"premium" in tiers' holds when the user's entitlements hold the tier 'premium', and \
        '"cloud-sync" in features' when they unlock that feature. An id the policy does not declare, \
        usually a typo, never holds: subscribers would be shown the paywall they already paid for. Fix \
        the id (the message suggests the closest declared one) or declare it.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let tiers = app.policy.tiers.map(\.id.value)
        let features = app.policy.features.map(\.id.value)
        return conditionFindings(app, keep: { kind in
            switch kind {
            case .unknownTier(_), .unknownFeature(_): true
            default: false
            }
        }, help: { issue in
            switch issue.kind {
            case .unknownTier(let id):
                if features.contains(id) { return "'\(id)' is a feature; write \"\(id)\" in features" }
                return Suggestion.didYouMean(id, in: tiers)
                    ?? "declare it under 'tiers:' (known: \(tiers.joined(separator: ", ")))"
            case .unknownFeature(let id):
                if tiers.contains(id) { return "'\(id)' is a tier; write \"\(id)\" in tiers" }
                return Suggestion.didYouMean(id, in: features)
                    ?? "declare it under 'features:' (known: \(features.joined(separator: ", ")))"
            default:
                return issue.help
            }
        })
    }
}
