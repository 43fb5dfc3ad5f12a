/// A bundle's placements and experiments, checked and compiled once per load: conditions compiled, ids
/// resolved to positions, weights summed.
struct CompiledPlacements: Sendable {
    struct Placement: Sendable {
        let id: String
        let audiences: [Audience]
    }

    struct Audience: Sendable {
        let id: String
        /// The condition as written, for the trace; nil for an audience that always holds.
        let when: String?
        /// The compiled condition; `.constant(true)` for an audience that always holds.
        let condition: Condition
        let outcome: Outcome
    }

    enum Outcome: Sendable {
        case paywall(String)
        case nothing
        case experiment(Int)
    }

    struct Experiment: Sendable {
        let id: String
        let seed: String
        let status: ExperimentStatus
        let variants: [PolicyBundle.Variant]
        let weights: [UInt32]
        let totalWeight: UInt64
        /// The concluded experiment's winner, as a position in `variants`.
        let winner: Int?
    }

    let placements: [Placement]
    let index: [String: Int]
    let experiments: [Experiment]

    init(_ bundle: PolicyBundle, tierIndex: [String: Int], featureIndex: [String: Int]) throws(BundleError) {
        var experimentIndex: [String: Int] = [:]
        var experiments: [Experiment] = []
        for experiment in bundle.experiments {
            guard experimentIndex[experiment.id] == nil else {
                throw BundleError.invalidPlacements("experiment '\(experiment.id)' is given twice")
            }
            let weights = experiment.variants.map(\.weight)
            let total = weights.reduce(UInt64(0)) { $0 + UInt64($1) }
            guard !experiment.variants.isEmpty, total > 0, total <= Bucketing.maximumTotalWeight else {
                throw BundleError.invalidPlacements("experiment '\(experiment.id)' has weights totalling \(total)")
            }
            let winner = experiment.winner.flatMap { id in experiment.variants.firstIndex { $0.id == id } }
            guard (experiment.status == .concluded) == (winner != nil) else {
                let named = experiment.winner.map { "'\($0)'" } ?? "none"
                throw BundleError.invalidPlacements(
                    "experiment '\(experiment.id)' is \(experiment.status.rawValue) with winner \(named)")
            }
            experimentIndex[experiment.id] = experiments.count
            experiments.append(Experiment(id: experiment.id, seed: experiment.seed, status: experiment.status,
                                          variants: experiment.variants, weights: weights, totalWeight: total,
                                          winner: winner))
        }
        var placements: [Placement] = []
        var index: [String: Int] = [:]
        for placement in bundle.placements {
            var audiences: [Audience] = []
            for audience in placement.audiences {
                let condition: Condition
                do {
                    condition = try audience.when.map { text throws(ExpressionIssues) in
                        try ExpressionChecker.compile(text, tierIndex: tierIndex, featureIndex: featureIndex)
                    } ?? .constant(true)
                } catch {
                    throw BundleError.invalidPlacements("placement '\(placement.id)', audience '\(audience.id)': "
                                                       + (error.issues.first?.message ?? "a bad condition"))
                }
                let outcome: Outcome
                switch (audience.paywall, audience.experiment) {
                case (let paywall?, nil): outcome = .paywall(paywall)
                case (nil, let experiment?):
                    guard let position = experimentIndex[experiment] else {
                        throw BundleError.unknownReference("experiment '\(experiment)' in placement '\(placement.id)'")
                    }
                    outcome = .experiment(position)
                case (nil, nil): outcome = .nothing
                case (.some, .some):
                    throw BundleError.invalidPlacements("audience '\(audience.id)' gives both a paywall and an experiment")
                }
                audiences.append(Audience(id: audience.id, when: audience.when, condition: condition, outcome: outcome))
            }
            index[placement.id] = index[placement.id] ?? placements.count
            placements.append(Placement(id: placement.id, audiences: audiences))
        }
        self.placements = placements
        self.index = index
        self.experiments = experiments
    }
}
