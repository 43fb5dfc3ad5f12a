#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a frequentist test says about the treatment's effect.
package struct FrequentistResult: Sendable, Hashable {
    /// The estimated effect (gbstats' `expected`).
    package var expected: Double
    /// The confidence interval at 1 − alpha (`ci`).
    package var ci: Interval
    /// The two-sided p-value (`p_value`).
    package var pValue: Double
    /// The effect's standard error (`uplift.stddev`).
    package var standardError: Double

    package init(expected: Double, ci: Interval, pValue: Double, standardError: Double) {
        self.expected = expected
        self.ci = ci
        self.pValue = pValue
        self.standardError = standardError
    }

    /// gbstats' uninformative answer, for a control mean of 0 or a variance of 0.
    package static let uninformative = FrequentistResult(
        expected: 0, ci: Interval(lower: 0, upper: 0), pValue: 1, standardError: 0)
}

/// The two-sided Welch t-test of gbstats' `TwoSidedTTest`, on the relative (delta method) or absolute effect.
package struct FrequentistTest: Sendable, Hashable {
    /// The significance level; the interval covers 1 − alpha.
    package var alpha: Double
    /// Relative or absolute.
    package var kind: EffectKind

    package init(alpha: Double = 0.05, kind: EffectKind = .relative) {
        self.alpha = alpha
        self.kind = kind
    }

    /// The test of `treatment` against `control`.
    package func result<S: SufficientStatistic>(control: S, treatment: S) -> FrequentistResult {
        if control.mean == 0 || control.hasZeroVariance || treatment.hasZeroVariance { return .uninformative }
        let estimate = EffectEstimate(control: control, treatment: treatment, kind: kind)
        let standardError = estimate.variance.squareRoot()
        let t = StudentTDistribution(degreesOfFreedom: Self.welchDegreesOfFreedom(control, treatment))
        let critical = estimate.effect / standardError
        let width = t.quantile(1 - alpha / 2) * standardError
        return FrequentistResult(
            expected: estimate.effect, ci: Interval(lower: estimate.effect - width, upper: estimate.effect + width),
            pValue: 2 * (1 - t.cdf(abs(critical))), standardError: standardError)
    }

    /// The Welch–Satterthwaite degrees of freedom, with gbstats' exact integer n²(n − 1).
    static func welchDegreesOfFreedom(_ a: some SufficientStatistic, _ b: some SufficientStatistic) -> Double {
        func cube(_ n: Int) -> Double {
            let (square, overflow) = n.multipliedReportingOverflow(by: n)
            let (product, overflowAgain) = square.multipliedReportingOverflow(by: n - 1)
            return overflow || overflowAgain ? Double(n) * Double(n) * Double(n - 1) : Double(product)
        }
        let va = a.variance, vb = b.variance
        return pow(vb / Double(b.n) + va / Double(a.n), 2) / (pow(vb, 2) / cube(b.n) + pow(va, 2) / cube(a.n))
    }
}
