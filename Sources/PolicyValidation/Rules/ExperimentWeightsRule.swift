import Diagnostics
import PolicyModel
import TollgateEvaluation

/// An experiment has variants whose weights are whole numbers from 0 and total 1 to 2147483647.
struct ExperimentWeightsRule: Rule {
    static let id = "experiment-weights"
    static let severity = Severity.error
    static let category = "placements"
    static let summary = "an experiment has no variants, a negative weight, or weights that total 0 or more than 2147483647"
    static let explanation = """
        A user's variant is found by hashing their id into one of as many buckets as the weights total, \
        each variant owning as many buckets as its weight, as flagd's 'fractional' does. So there must be \
        at least one variant, every weight must be a whole number from 0, and the weights must total at \
        least 1 and at most 2147483647 (the largest 32-bit signed integer, flagd's limit). Weights are \
        shares, not percentages: 45, 45, 10 and 9, 9, 2 split users alike.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.experiments.flatMap { experiment -> [Diagnostic] in
            let name = "experiment '\(experiment.id.value)'"
            guard !experiment.variants.isEmpty else {
                return [finding("\(name) has no variants", at: experiment.id.span,
                                help: "add variants such as 'control: { paywall: main, weight: 50 }'")]
            }
            let negative = experiment.variants.filter { $0.weight.value < 0 }
            guard negative.isEmpty else {
                return negative.map { variant in
                    finding("variant '\(variant.id.value)' of \(name) has weight \(variant.weight.value); "
                            + "weights are whole numbers from 0", at: variant.weight.span,
                            help: "write 0 to give the variant no users")
                }
            }
            var total: UInt64 = 0
            var overflow = false
            for variant in experiment.variants {
                let sum = total.addingReportingOverflow(UInt64(variant.weight.value))
                (total, overflow) = (sum.partialValue, overflow || sum.overflow)
            }
            if overflow || total > Bucketing.maximumTotalWeight {
                let text = overflow ? "more than \(UInt64.max)" : String(total)
                return [finding("the weights of \(name) total \(text); at most \(Bucketing.maximumTotalWeight) is allowed",
                                at: experiment.id.span, help: "weights are shares: divide them by a common factor")]
            }
            if total == 0 {
                return [finding("the weights of \(name) are all 0; at least one must be above 0",
                                at: experiment.id.span, help: "give the variants that should get users a weight above 0")]
            }
            return []
        }
    }
}
