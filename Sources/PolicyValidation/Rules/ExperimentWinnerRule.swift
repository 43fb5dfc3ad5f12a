import Diagnostics
import PolicyModel
import TollgateEvaluation

/// A concluded experiment names one of its variants as the winner; a running or paused one names none.
struct ExperimentWinnerRule: Rule {
    static let id = "experiment-winner"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "a concluded experiment names no winner or an unknown one, or an unconcluded one names a winner"
    static let explanation = """
        Once an experiment is concluded everyone sees its winner, so 'status: concluded' needs \
        'winner:' naming one of its variants. A running or paused experiment still assigns users by \
        bucket (or the first variant), so a 'winner' there would be ignored and misleading: set \
        'status: concluded' with it, or remove it.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.experiments.compactMap { experiment -> Diagnostic? in
            let name = "experiment '\(experiment.id.value)'"
            let variants = experiment.variants.map(\.id.value)
            let status = experiment.status
            guard let winner = experiment.winner else {
                guard status.value == .concluded else { return nil }
                return finding("\(name) is concluded but names no winner", at: status.span,
                               help: "add 'winner:' with one of its variants (\(variants.joined(separator: ", ")))")
            }
            guard status.value == .concluded else {
                return finding("\(name) is \(status.value.rawValue) but names winner '\(winner.value)'; "
                               + "only a concluded experiment has a winner", at: winner.span,
                               help: "set 'status: concluded' to show everyone '\(winner.value)', or remove 'winner'")
            }
            guard variants.contains(winner.value) else {
                return finding("winner '\(winner.value)' of \(name) is not one of its variants", at: winner.span,
                               help: Suggestion.didYouMean(winner.value, in: variants)
                                   ?? "name one of its variants (\(variants.joined(separator: ", ")))")
            }
            return nil
        }
    }
}
