import Diagnostics
import PolicyModel

/// Every experiment an audience names is declared under `experiments:`.
struct PlacementUnknownExperimentRule: Rule {
    static let id = "placement-unknown-experiment"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "an audience names an experiment that is not declared"
    static let explanation = """
        An audience with 'experiment: ID' splits its users between the variants of that experiment. An id \
        that matches no entry under 'experiments:', usually a typo, leaves the audience without anything to \
        show. Fix the id (the message suggests the closest one) or declare the experiment.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let known = app.policy.experiments.map(\.id.value)
        let declared = Set(known)
        return app.policy.placements.flatMap { placement in
            placement.audiences.compactMap { audience -> Diagnostic? in
                guard let outcome = audience.outcome, case .experiment(let id) = outcome.value,
                      !declared.contains(id) else { return nil }
                return finding(
                    "placement '\(placement.id.value)', audience '\(audience.id.value)' names unknown experiment '\(id)'",
                    at: outcome.span,
                    help: Suggestion.didYouMean(id, in: known)
                        ?? (known.isEmpty ? "declare it under 'experiments:'"
                            : "declare it under 'experiments:' (known: \(known.joined(separator: ", ")))"))
            }
        }
    }
}
