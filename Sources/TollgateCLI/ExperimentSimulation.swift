import Foundation
import Statistics
import TollgateEvaluation

/// What an experiment's split does to `users` ids (`user-1` … `user-N`): each variant's count against its
/// expected share, and Pearson's chi-square test of the counts against the weights.
struct ExperimentSimulation: Hashable, Sendable {
    struct Row: Hashable, Sendable {
        var variant: String
        var paywall: String?
        var weight: UInt32
        var count: Int
        var expectedShare: Double
    }

    var experiment: String
    var users: Int
    var rows: [Row]
    var chiSquare: Double
    var degreesOfFreedom: Int
    /// The chance of counts at least this far from the weights if the split were exactly the weights.
    var pValue: Double

    init(_ experiment: PolicyBundle.Experiment, users: Int) {
        let weights = experiment.variants.map(\.weight)
        let total = weights.reduce(UInt64(0)) { $0 + UInt64($1) }
        var counts = Array(repeating: 0, count: weights.count)
        for index in 0..<users {
            let bucket = Bucketing.bucket(hash: Bucketing.hash(seed: experiment.seed, userID: "user-\(index + 1)"),
                                          total: total)
            if let variant = Bucketing.variant(weights: weights, bucket: bucket) { counts[variant] += 1 }
        }
        self.experiment = experiment.id
        self.users = users
        rows = experiment.variants.indices.map { index in
            Row(variant: experiment.variants[index].id, paywall: experiment.variants[index].paywall,
                weight: weights[index], count: counts[index],
                expectedShare: total == 0 ? 0 : Double(weights[index]) / Double(total))
        }
        let weighted = rows.filter { $0.weight > 0 }
        chiSquare = weighted.reduce(0) { sum, row in
            let expected = row.expectedShare * Double(users)
            return sum + (Double(row.count) - expected) * (Double(row.count) - expected) / expected
        }
        degreesOfFreedom = max(weighted.count - 1, 0)
        pValue = degreesOfFreedom == 0 || users == 0
            ? 1 : ChiSquareDistribution(degreesOfFreedom: Double(degreesOfFreedom)).survival(chiSquare)
    }
}
