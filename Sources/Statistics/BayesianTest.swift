/// The expected loss of shipping each variation.
package struct Risk: Sendable, Hashable {
    /// The loss if the control is kept and the treatment was better.
    package var control: Double
    /// The loss if the treatment ships and the control was better.
    package var treatment: Double

    package init(control: Double, treatment: Double) {
        self.control = control
        self.treatment = treatment
    }
}

/// What the Bayesian test says about the treatment's effect.
package struct BayesianResult: Sendable, Hashable {
    /// The posterior mean of the effect (`expected`).
    package var expected: Double
    /// The credible interval at 1 − alpha (`ci`).
    package var ci: Interval
    /// The posterior standard deviation (`uplift.stddev`).
    package var standardDeviation: Double
    /// P(effect > 0) (`chance_to_win`).
    package var chanceToWin: Double
    /// The expected loss of choosing the control, then of choosing the treatment (`risk`, in the effect's units).
    package var risk: Risk

    package init(expected: Double, ci: Interval, standardDeviation: Double, chanceToWin: Double,
                 risk: Risk) {
        self.expected = expected
        self.ci = ci
        self.standardDeviation = standardDeviation
        self.chanceToWin = chanceToWin
        self.risk = risk
    }

    /// gbstats' uninformative answer, for a relative effect on a control mean of 0, no units or a variance of 0.
    package static let uninformative = BayesianResult(
        expected: 0, ci: Interval(lower: 0, upper: 0), standardDeviation: 0, chanceToWin: 0.5, risk: Risk(control: 0, treatment: 0))
}

/// gbstats' `EffectBayesianABTest` with its default flat (improper) prior: the posterior of the effect is the
/// normal distribution of its delta-method estimate, for proportions and sample means alike.
package struct BayesianTest: Sendable, Hashable {
    /// The credible interval covers 1 − alpha.
    package var alpha: Double
    /// Relative or absolute.
    package var kind: EffectKind

    package init(alpha: Double = 0.05, kind: EffectKind = .relative) {
        self.alpha = alpha
        self.kind = kind
    }

    /// The test of `treatment` against `control`.
    package func result<S: SufficientStatistic>(control: S, treatment: S) -> BayesianResult {
        if kind == .relative && control.mean == 0 { return .uninformative }
        if control.n == 0 || treatment.n == 0 || control.hasZeroVariance || treatment.hasZeroVariance {
            return .uninformative
        }
        let estimate = EffectEstimate(control: control, treatment: treatment, kind: kind)
        let mean = estimate.effect
        // The flat prior adds no precision; gbstats inverts the posterior precision back, which can differ from
        // the variance in its last bit.
        let deviation = (1 / (1 / estimate.variance)).squareRoot()
        let z = (0 - mean) / deviation
        return BayesianResult(
            expected: mean,
            ci: Interval(lower: NormalDistribution.quantile(alpha / 2) * deviation + mean,
                         upper: NormalDistribution.quantile(1 - alpha / 2) * deviation + mean),
            standardDeviation: deviation, chanceToWin: NormalDistribution.survival(z),
            risk: Self.risk(mean: mean, deviation: deviation))
    }

    /// [(1 − P₀)·E[X | X > 0], −P₀·E[X | X < 0]] for X ~ N(mean, deviation²) and P₀ = P(X ≤ 0), with the truncated
    /// means as scipy's `truncnorm` gives them.
    static func risk(mean: Double, deviation: Double) -> Risk {
        let z = (0 - mean) / deviation
        let controlBetter = NormalDistribution.cdf(z)
        let positiveMean = NormalDistribution.hazard(z) * deviation + mean
        let negativeMean = -NormalDistribution.hazard(-z) * deviation + mean
        return Risk(control: (1 - controlBetter) * positiveMean, treatment: -(controlBetter * negativeMean))
    }
}
