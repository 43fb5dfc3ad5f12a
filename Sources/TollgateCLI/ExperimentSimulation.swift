import Foundation
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
            ? 1 : Self.upperRegularizedGamma(Double(degreesOfFreedom) / 2, chiSquare / 2)
    }

    /// Q(a, x), the chance that a chi-square variable with 2a degrees of freedom exceeds 2x: a series below
    /// a + 1, a continued fraction (Lentz) above.
    static func upperRegularizedGamma(_ a: Double, _ x: Double) -> Double {
        guard x > 0 else { return 1 }
        let logPrefix = -x + a * log(x) - lgamma(a)
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var n = a
            for _ in 0..<1_000 {
                n += 1
                term *= x / n
                sum += term
                if abs(term) < abs(sum) * 1e-15 { break }
            }
            return max(0, min(1, 1 - sum * exp(logPrefix)))
        }
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var fraction = d
        for i in 1...1_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            fraction *= delta
            if abs(delta - 1) < 1e-15 { break }
        }
        return max(0, min(1, exp(logPrefix) * fraction))
    }
}
