import Diagnostics
import PolicyModel

/// Every paywall an audience or an experiment's variant shows is declared under `paywalls:`.
struct PlacementUnknownPaywallRule: Rule {
    static let id = "placement-unknown-paywall"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "an audience or an experiment's variant shows a paywall that is not declared"
    static let explanation = """
        An audience ('paywall: main') and an experiment's variant ('{ paywall: main-jp, weight: 45 }') name \
        the paywall they show by id. An id that matches no paywall, usually a typo or a renamed paywall, \
        would leave the app told to show a paywall it cannot render. Fix the id (the message suggests the \
        closest one) or declare the paywall.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let known = app.policy.paywalls.map(\.id.value)
        let declared = Set(known)
        var references: [(Located<AudienceOutcome>, String)] = []
        for placement in app.policy.placements {
            references += placement.audiences.compactMap { audience in
                audience.outcome.map { ($0, "placement '\(placement.id.value)', audience '\(audience.id.value)'") }
            }
        }
        for experiment in app.policy.experiments {
            references += experiment.variants.compactMap { variant in
                variant.outcome.map { ($0, "experiment '\(experiment.id.value)', variant '\(variant.id.value)'") }
            }
        }
        return references.compactMap { outcome, subject in
            guard case .paywall(let id) = outcome.value, !declared.contains(id) else { return nil }
            return finding("\(subject) shows unknown paywall '\(id)'", at: outcome.span,
                           help: Suggestion.didYouMean(id, in: known)
                               ?? "declare it under 'paywalls:' (known: \(known.joined(separator: ", "))), or write 'show: none'")
        }
    }
}
