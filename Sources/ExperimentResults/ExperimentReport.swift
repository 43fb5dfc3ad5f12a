package import Statistics
package import Store
package import TollgateEvaluation

/// An experiment's results (docs/experiments.md): each variant's users and metrics, and every other variant
/// against the first, the control, as GrowthBook's stats engine computes them from the same sums.
package struct ExperimentReport: Hashable, Sendable {
    /// What is measured per user.
    package enum Metric: String, Hashable, Sendable, CaseIterable {
        /// 1 if the user made any purchase (a trial start counts).
        case conversion
        /// 1 if the user made a purchase at a price above 0.
        case paidConversion = "paid_conversion"
        /// 1 if the user started a free trial (a purchase at price 0).
        case trialStart = "trial_start"
        /// The sum of the user's purchases' prices in the report's currency.
        case revenue

        /// Whether each user's value is 0 or 1, a proportion.
        package var isBinary: Bool { self != .revenue }

        /// The metric's name in sentences.
        package var title: String {
            switch self {
            case .conversion: "conversion"
            case .paidConversion: "paid conversion"
            case .trialStart: "trial start"
            case .revenue: "revenue per user"
            }
        }
    }

    /// The relative difference of a variant's mean from the control's, its interval and its p-value.
    package struct Uplift: Hashable, Sendable {
        package var relative: Double
        package var ci: Interval
        package var pValue: Double

        package init(relative: Double, ci: Interval, pValue: Double) {
            self.relative = relative
            self.ci = ci
            self.pValue = pValue
        }
    }

    /// One metric of one variant; the comparisons are nil for the control.
    package struct MetricResult: Hashable, Sendable {
        package var sum: Double
        package var mean: Double
        package var uplift: Uplift?
        package var chanceToWin: Double?
        package var risk: Risk?
    }

    /// One variant: its weight in the policy, its users and its metrics.
    package struct VariantResult: Hashable, Sendable {
        package var variant: String
        package var weight: UInt32
        package var users: Int
        package var metrics: [Metric: MetricResult]
    }

    /// The sample ratio mismatch check: whether users split as the weights say.
    package struct SampleRatio: Hashable, Sendable {
        package var pValue: Double
        /// p below `threshold`: the split is broken and the results are not to be trusted.
        package var warning: Bool
        package static let threshold = 0.001

        package init(pValue: Double, warning: Bool) {
            self.pValue = pValue
            self.warning = warning
        }
    }

    package var app: String
    package var experiment: String
    package var seed: String
    package var status: ExperimentStatus
    package var from: Timestamp
    package var to: Timestamp
    package var window: AttributionWindow
    package var currency: String
    package var sequential: Bool
    package var srm: SampleRatio
    package var multipleExposures: Int
    package var leftOutPurchases: Int
    /// In the policy's order; the first is the control.
    package var variants: [VariantResult]
    /// Users first exposed per day and variant, for the chart of users over time.
    package var days: [ExposureTally.Day]

    /// N*, the sample size sequential intervals are tuned for.
    package static let sequentialTuning = 5_000.0

    /// The report of `experiment` over `from ..< to` from the store's `tally`.
    package init(app: String, experiment: PolicyBundle.Experiment, from: Timestamp, to: Timestamp,
                 query: ResultsQuery, tally: ExposureTally) {
        self.app = app
        self.experiment = experiment.id
        seed = experiment.seed
        status = experiment.status
        self.from = from
        self.to = to
        window = query.window
        currency = query.currency
        sequential = query.sequential
        multipleExposures = tally.multipleExposures
        leftOutPurchases = tally.leftOutPurchases
        let policyVariants = Set(experiment.variants.map(\.id))
        days = tally.days.map { day in
            ExposureTally.Day(day: day.day, users: day.users.filter { policyVariants.contains($0.key) })
        }
        let sums = experiment.variants.map { tally.variants[$0.id] ?? ExposureTally.Variant() }
        let weighted = zip(experiment.variants, sums).filter { $0.0.weight > 0 }
        let pValue = (try? SampleRatioCheck.pValue(users: weighted.map(\.1.users),
                                                    weights: weighted.map { Double($0.0.weight) })) ?? 1
        srm = SampleRatio(pValue: pValue, warning: pValue < SampleRatio.threshold)
        let control = sums.first ?? ExposureTally.Variant()
        variants = zip(experiment.variants, sums).enumerated().map { index, pair in
            let metrics = Dictionary(uniqueKeysWithValues: Metric.allCases.map { metric in
                (metric, Self.result(metric, of: pair.1, against: index == 0 ? nil : control,
                                     sequential: query.sequential))
            })
            return VariantResult(variant: pair.0.id, weight: pair.0.weight, users: pair.1.users, metrics: metrics)
        }
    }

    /// `metric` of a variant's sums, compared with the control's unless it is the control.
    static func result(_ metric: Metric, of sums: ExposureTally.Variant, against control: ExposureTally.Variant?,
                       sequential: Bool) -> MetricResult {
        func count(_ sums: ExposureTally.Variant) -> Int {
            switch metric {
            case .conversion: sums.conversions
            case .paidConversion: sums.paidConversions
            case .trialStart: sums.trialStarts
            case .revenue: 0
            }
        }
        if metric.isBinary {
            return compare(ProportionStatistic(n: sums.users, sum: Double(count(sums))), sum: Double(count(sums)),
                           against: control.map { ProportionStatistic(n: $0.users, sum: Double(count($0))) },
                           sequential: sequential)
        }
        func statistic(_ sums: ExposureTally.Variant) -> SampleMeanStatistic {
            SampleMeanStatistic(n: sums.users, sum: sums.revenue, sumOfSquares: sums.revenueSquares)
        }
        return compare(statistic(sums), sum: sums.revenue, against: control.map(statistic), sequential: sequential)
    }

    /// The treatment's sum and mean and, against a control, gbstats' default analyses: the frequentist (or
    /// sequential) relative uplift and the Bayesian chance to win and risk with a flat prior.
    static func compare<S: SufficientStatistic>(_ treatment: S, sum: Double, against control: S?,
                                                sequential: Bool) -> MetricResult {
        var result = MetricResult(sum: sum, mean: treatment.mean)
        guard let control else { return result }
        let test = sequential
            ? SequentialTest(tuning: sequentialTuning).result(control: control, treatment: treatment)
            : FrequentistTest().result(control: control, treatment: treatment)
        result.uplift = Uplift(relative: test.expected, ci: test.ci, pValue: test.pValue)
        let bayesian = BayesianTest().result(control: control, treatment: treatment)
        result.chanceToWin = bayesian.chanceToWin
        result.risk = bayesian.risk
        return result
    }
}
