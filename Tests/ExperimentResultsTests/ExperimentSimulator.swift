import ExperimentResults
import Store
import TestSupport
import TollgateEvaluation

/// Experiments simulated at the level of their sums: seeded draws of users, conversions and prices give the
/// `ExposureTally` the store would answer, from which `ExperimentReport` computes the results. The same seed always
/// draws the same experiments.
struct ExperimentSimulator {
    /// What a variant's users truly do: the share that buys, and the prices they pay (each equally likely).
    struct Truth {
        var conversion: Double
        var prices: [Double]
    }

    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// Whether a draw with probability `p` comes up: a uniform 64-bit integer below `p` of 2⁶⁴.
    private mutating func chance(_ threshold: UInt64) -> Bool {
        random.next() < threshold
    }

    /// `p` as the threshold `chance` compares with.
    private static func threshold(_ p: Double) -> UInt64 {
        p >= 1 ? .max : UInt64(p * 0x1p64)
    }

    /// The number of successes in `n` draws of probability `p`.
    mutating func binomial(_ n: Int, _ p: Double) -> Int {
        let threshold = Self.threshold(p)
        var count = 0
        for _ in 0..<n where chance(threshold) { count += 1 }
        return count
    }

    /// How `total` users fall into variants of `weights`, each user drawn on their own.
    mutating func split(_ total: Int, weights: [UInt32]) -> [Int] {
        let sum = weights.reduce(0) { $0 + UInt64($1) }
        var counts = Array(repeating: 0, count: weights.count)
        for _ in 0..<total {
            var bucket = random.next() % sum
            for (index, weight) in weights.enumerated() {
                if bucket < UInt64(weight) {
                    counts[index] += 1
                    break
                }
                bucket -= UInt64(weight)
            }
        }
        return counts
    }

    /// One variant's sums for `users` users who behave as `truth` says: each buyer makes one purchase.
    mutating func variant(users: Int, _ truth: Truth) -> ExposureTally.Variant {
        let buyers = binomial(users, truth.conversion)
        var sums = ExposureTally.Variant(users: users, conversions: buyers, paidConversions: buyers)
        for _ in 0..<buyers {
            let price = truth.prices[Int(random.next() % UInt64(truth.prices.count))]
            sums.revenue += price
            sums.revenueSquares += price * price
        }
        return sums
    }

    /// The tally of `experiment` whose variants have `users` users each, behaving as `truths` say.
    mutating func tally(_ experiment: PolicyBundle.Experiment, users: [Int], truths: [Truth]) -> ExposureTally {
        var tally = ExposureTally()
        for (variant, (count, truth)) in zip(experiment.variants, zip(users, truths)) {
            tally.variants[variant.id] = self.variant(users: count, truth)
        }
        return tally
    }

    /// An experiment of `weights`, its variants named `v0`, `v1`, …
    static func experiment(weights: [UInt32]) -> PolicyBundle.Experiment {
        PolicyBundle.Experiment(id: "simulated", seed: "simulated", status: .running, winner: nil,
                                variants: weights.enumerated().map { index, weight in
                                    .init(id: "v\(index)", paywall: "main", weight: weight)
                                })
    }

    /// The report of `tally`, over a fixed period.
    static func report(_ experiment: PolicyBundle.Experiment, _ tally: ExposureTally,
                       sequential: Bool = false) -> ExperimentReport {
        ExperimentReport(app: "simulated", experiment: experiment, from: Timestamp(secondsSince1970: 1_796_000_000),
                         to: Timestamp(secondsSince1970: 1_797_000_000), query: ResultsQuery(sequential: sequential),
                         tally: tally)
    }
}
