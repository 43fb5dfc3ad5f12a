#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// gbstats' `SequentialTwoSidedTTest`: an always-valid interval and p-value (Waudby-Smith et al., arXiv 2103.06476v7,
/// eqs. 9, 155 and 161), valid however often the results are looked at.
package struct SequentialTest: Sendable, Hashable {
    /// The significance level.
    package var alpha: Double
    /// Relative or absolute.
    package var kind: EffectKind
    /// N*, the total sample size the interval is tightest at (`sequential_tuning_parameter`).
    package var tuning: Double

    package init(alpha: Double = 0.05, kind: EffectKind = .relative, tuning: Double = 5000) {
        self.alpha = alpha
        self.kind = kind
        self.tuning = tuning
    }

    /// ρ = √((−2·ln α + ln(−2·ln α + 1))/N*).
    var rho: Double {
        ((-2 * log(alpha) + log(-2 * log(alpha) + 1)) / tuning).squareRoot()
    }

    /// The test of `treatment` against `control`.
    package func result<S: SufficientStatistic>(control: S, treatment: S) -> FrequentistResult {
        if control.mean == 0 || control.hasZeroVariance || treatment.hasZeroVariance { return .uninformative }
        let estimate = EffectEstimate(control: control, treatment: treatment, kind: kind)
        let n = Double(control.n + treatment.n), rho = rho
        let s2 = estimate.variance * n
        let scale = n * pow(rho, 2) + 1
        let width = s2.squareRoot() * ((2 * scale) * log(scale.squareRoot() / alpha) / pow(n * rho, 2)).squareRoot()
        let st2 = pow(estimate.effect, 2) * n / estimate.variance
        let evidence = exp(pow(rho, 2) * st2 / (2 * scale)) / scale.squareRoot()
        return FrequentistResult(
            expected: estimate.effect, ci: Interval(lower: estimate.effect - width, upper: estimate.effect + width),
            pValue: min(1 / evidence, 1), standardError: estimate.variance.squareRoot())
    }
}
