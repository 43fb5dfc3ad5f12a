#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A variation's sufficient statistics for one metric: its units, mean and variance as gbstats computes them.
package protocol SufficientStatistic: Sendable {
    /// The units.
    var n: Int { get }
    /// The mean per unit (0 with no units).
    var mean: Double { get }
    /// The variance of one unit's value.
    var variance: Double { get }
}

extension SufficientStatistic {
    /// Whether the variance is 0 or negative, which makes every test answer its uninformative default.
    var hasZeroVariance: Bool { variance <= 0 }
}

/// A metric with any values, as n, Σx and Σx² (gbstats' `SampleMeanStatistic`).
package struct SampleMeanStatistic: SufficientStatistic, Hashable {
    package var n: Int
    package var sum: Double
    package var sumOfSquares: Double

    package init(n: Int, sum: Double, sumOfSquares: Double) {
        self.n = n
        self.sum = sum
        self.sumOfSquares = sumOfSquares
    }

    /// Σx/n, 0 with no units.
    package var mean: Double { n == 0 ? 0 : sum / Double(n) }

    /// (Σx² − (Σx)²/n)/(n − 1), 0 for n ≤ 1.
    package var variance: Double {
        n <= 1 ? 0 : (sumOfSquares - sum * sum / Double(n)) / Double(n - 1)
    }
}

/// A metric of 0 or 1 per unit (a conversion), as n and the units converted (gbstats' `ProportionStatistic`).
package struct ProportionStatistic: SufficientStatistic, Hashable {
    package var n: Int
    package var sum: Double

    package init(n: Int, sum: Double) {
        self.n = n
        self.sum = sum
    }

    /// sum/n, 0 with no units.
    package var mean: Double { n == 0 ? 0 : sum / Double(n) }

    /// mean·(1 − mean), without Bessel's correction.
    package var variance: Double { mean * (1 - mean) }
}

/// Which effect a test estimates: the lift over the control's mean, or the difference of the means.
package enum EffectKind: String, Sendable, Hashable, CaseIterable {
    /// (treatment − control)/control.
    case relative
    /// treatment − control.
    case absolute
}

/// A two-sided interval.
package struct Interval: Sendable, Hashable {
    package var lower: Double
    package var upper: Double

    package init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }
}

/// The effect and its variance by the delta method, as gbstats' `frequentist_diff` and `frequentist_variance`.
struct EffectEstimate {
    var effect: Double
    var variance: Double

    init(control a: some SufficientStatistic, treatment b: some SufficientStatistic, kind: EffectKind) {
        let na = Double(a.n), nb = Double(b.n)
        switch kind {
        case .relative:
            // gbstats divides by the control's mean as it is, not its absolute value.
            effect = (b.mean - a.mean) / a.mean
            variance = b.variance / (pow(a.mean, 2) * nb) + a.variance * pow(b.mean, 2) / (pow(a.mean, 4) * na)
        case .absolute:
            effect = b.mean - a.mean
            variance = b.variance / nb + a.variance / na
        }
    }
}
