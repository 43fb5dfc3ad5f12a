import Diagnostics
import PolicyModel
import TollgateEvaluation

/// A running experiment that keeps its seed keeps its users in their variants: its variants and weights
/// move nobody compared with what was published.
struct ExperimentReassignsUsersRule: Rule {
    static let id = "experiment-reassigns-users"
    static let severity = Severity.warning
    static let category = "placements"
    static let summary = "a running experiment keeps its seed but its variants or weights move users to another variant"
    static let explanation = """
        With 'validate --baseline' or '--db', each running experiment is compared with the running \
        experiment of the same id that was published. A user's bucket depends only on the seed and their \
        id, but which variant owns each bucket depends on the variants and weights in order: changing a \
        weight, inserting or removing a variant moves some users to another variant in the middle of the \
        test, which mixes their results. The message gives the exact share of users who would change \
        variant, computed from the bucket ranges. Change the seed to reassign everyone on purpose, or keep \
        the variants and weights as published (adding a variant with weight 0 at the end, or changing a \
        variant's paywall, moves nobody).
        """

    /// What each app published, by app id.
    let baselines: [String: ProductBaseline]

    func check(_ app: AppSources) -> [Diagnostic] {
        guard let baseline = baselines[app.policy.app.id.value] else { return [] }
        return app.policy.experiments.compactMap { experiment -> Diagnostic? in
            guard let published = baseline.experiments[experiment.id.value], Self.isBucketed(published),
                  let current = Self.bundled(experiment), Self.isBucketed(current),
                  published.seed == current.seed else { return nil }
            let share = Bucketing.movedShare(from: published, to: current)
            guard share > 0 else { return nil }
            return finding(
                "experiment '\(experiment.id.value)' keeps its seed '\(current.seed)' but its variants or weights "
                    + "differ from \(baseline.source): \(Self.percent(share)) of users would change variant",
                at: experiment.id.span,
                help: "change 'seed' to reassign everyone on purpose, or keep the variants and weights as published")
        }
    }

    /// `experiment` as the bundle carries it; nil when a weight is outside 0 ... 2³² − 1 (`experiment-weights`).
    static func bundled(_ experiment: Experiment) -> PolicyBundle.Experiment? {
        var variants: [PolicyBundle.Variant] = []
        for variant in experiment.variants {
            guard let weight = UInt32(exactly: variant.weight.value) else { return nil }
            variants.append(PolicyBundle.Variant(id: variant.id.value, paywall: variant.paywall, weight: weight))
        }
        return PolicyBundle.Experiment(id: experiment.id.value, seed: experiment.effectiveSeed,
                                       status: experiment.status.value, winner: experiment.winner?.value,
                                       variants: variants)
    }

    /// Whether `experiment` assigns users by bucket: running, with weights that total 1 to 2147483647.
    private static func isBucketed(_ experiment: PolicyBundle.Experiment) -> Bool {
        let total = experiment.variants.reduce(UInt64(0)) { $0 + UInt64($1.weight) }
        return experiment.status == .running && (1...Bucketing.maximumTotalWeight).contains(total)
    }

    /// A share from 0 to 1 as a percentage with one decimal, never rounded to 0% or 100%: "12.5%".
    static func percent(_ share: Double) -> String {
        let tenths = Int((share * 1000).rounded())
        if tenths == 0, share > 0 { return "less than 0.1%" }
        if tenths == 1000, share < 1 { return "more than 99.9%" }
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
