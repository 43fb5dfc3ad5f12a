import Diagnostics
import PolicyModel

/// Every experiment is named by at least one audience.
struct ExperimentUnusedRule: Rule {
    static let id = "experiment-unused"
    static let severity = Severity.warning
    static let category = "placements"
    static let summary = "no audience names the experiment"
    static let explanation = """
        An experiment splits users only where an audience names it ('experiment: ID'). One that no \
        placement uses assigns nobody, so its results would stay empty; it is usually left over from a \
        renamed audience or a finished test. Name it in an audience, or remove it.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let used = app.policy.usedExperimentIDs
        return app.policy.experiments.filter { !used.contains($0.id.value) }.map { experiment in
            finding("experiment '\(experiment.id.value)' is not used by any placement", at: experiment.id.span,
                    help: "name it in an audience ('experiment: \(experiment.id.value)'), or remove it")
        }
    }
}
