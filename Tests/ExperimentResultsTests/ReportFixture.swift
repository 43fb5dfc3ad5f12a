import ExperimentResults
import Store
import TollgateEvaluation

/// One experiment and the sums of a month of it, shared by the report's tests.
enum ReportFixture {
    static let from = Timestamp("2026-11-01T00:00:00Z")!
    static let to = Timestamp("2026-12-01T00:00:00Z")!

    static func experiment(weights: [UInt32] = [90, 10]) -> PolicyBundle.Experiment {
        PolicyBundle.Experiment(id: "onboarding-paywall", seed: "onboarding-paywall", status: .running, winner: nil,
                                variants: zip(["paywall", "holdout"], weights).map { id, weight in
                                    PolicyBundle.Variant(id: id, paywall: id == "paywall" ? "main" : nil, weight: weight)
                                })
    }

    static let paywall = ExposureTally.Variant(users: 9012, conversions: 451, paidConversions: 300, trialStarts: 151,
                                               revenue: 1497, revenueSquares: 7475)
    static let holdout = ExposureTally.Variant(users: 1003, conversions: 12, paidConversions: 10, trialStarts: 2,
                                               revenue: 49.9, revenueSquares: 249)

    static func tally(paywall: ExposureTally.Variant = paywall,
                      holdout: ExposureTally.Variant = holdout) -> ExposureTally {
        ExposureTally(variants: ["paywall": paywall, "holdout": holdout], multipleExposures: 3, leftOutPurchases: 2,
                      days: [ExposureTally.Day(day: "2026-11-01", users: ["paywall": 4000, "holdout": 450]),
                             ExposureTally.Day(day: "2026-11-02", users: ["paywall": 3000, "holdout": 303]),
                             ExposureTally.Day(day: "2026-11-05", users: ["paywall": 2012, "holdout": 250])])
    }

    static func report(_ tally: ExposureTally = tally(), query: ResultsQuery = ResultsQuery(),
                       experiment: PolicyBundle.Experiment = experiment()) -> ExperimentReport {
        ExperimentReport(app: "photocollage", experiment: experiment, from: from, to: to, query: query, tally: tally)
    }
}
