import ExperimentResults
import Statistics
import Store
import Testing
import TollgateEvaluation

/// Many seeded A/A experiments, two variants whose users behave alike, through `ExperimentReport`: its 95%
/// intervals cover the true uplift, 0, in 95% of them (the sequential ones in at least 95%), its p-values agree with
/// its intervals, and its sample ratio check fires in about 0.1% of splits drawn from the weights. A report whose
/// intervals were too narrow, or too wide, would fail these.
@Suite struct AAExperimentTests {
    static let experiments = 2_000
    static let truth = ExperimentSimulator.Truth(conversion: 0.1, prices: [4.99, 9.99, 29.99])

    /// The share of `reports` whose interval of `metric` covers 0, and the share whose p-value is below 0.05.
    static func coverage(_ reports: [ExperimentReport], _ metric: ExperimentReport.Metric)
        -> (covered: Double, significant: Double)
    {
        var covered = 0
        var significant = 0
        for report in reports {
            guard let uplift = report.variants[1].metrics[metric]?.uplift else { continue }
            if uplift.ci.lower <= 0, 0 <= uplift.ci.upper { covered += 1 }
            if uplift.pValue < 0.05 { significant += 1 }
        }
        return (Double(covered) / Double(reports.count), Double(significant) / Double(reports.count))
    }

    /// `experiments` A/A tallies of 2,000 users per variant, with the same seed every run.
    static func tallies(seed: UInt64) -> [ExposureTally] {
        var simulator = ExperimentSimulator(seed: seed)
        let experiment = ExperimentSimulator.experiment(weights: [50, 50])
        return (0..<experiments).map { _ in
            simulator.tally(experiment, users: [2_000, 2_000], truths: [truth, truth])
        }
    }

    @Test func fixedHorizonIntervalsCoverTheTrueUpliftInNinetyFivePercent() {
        let experiment = ExperimentSimulator.experiment(weights: [50, 50])
        let reports = Self.tallies(seed: 0xA_A001).map { ExperimentSimulator.report(experiment, $0) }
        for metric in [ExperimentReport.Metric.conversion, .paidConversion, .revenue] {
            let (covered, significant) = Self.coverage(reports, metric)
            #expect((0.935...0.965).contains(covered), "\(metric): 0 is in \(covered * 100)% of the intervals")
            #expect(abs(covered + significant - 1) < 1e-9,
                    "\(metric): p < 0.05 exactly when the interval leaves out 0 (\(significant * 100)% significant)")
        }
        let chances = reports.compactMap { $0.variants[1].metrics[.conversion]?.chanceToWin }
        #expect(chances.count == reports.count)
        let confident = Double(chances.filter { $0 > 0.975 || $0 < 0.025 }.count) / Double(chances.count)
        #expect((0.035...0.065).contains(confident), "chance to win beyond 2.5% either way in \(confident * 100)%")
    }

    @Test func sequentialIntervalsCoverTheTrueUpliftInAtLeastNinetyFivePercent() {
        let experiment = ExperimentSimulator.experiment(weights: [50, 50])
        let tallies = Self.tallies(seed: 0xA_A002)
        let sequential = tallies.map { ExperimentSimulator.report(experiment, $0, sequential: true) }
        let fixed = tallies.map { ExperimentSimulator.report(experiment, $0) }
        for metric in [ExperimentReport.Metric.conversion, .revenue] {
            let covered = Self.coverage(sequential, metric).covered
            #expect(covered >= 0.95, "\(metric): 0 is in \(covered * 100)% of the sequential intervals")
            #expect(covered > Self.coverage(fixed, metric).covered, "\(metric): always-valid intervals are wider")
        }
        #expect(sequential.allSatisfy { $0.sequential })
    }

    @Test func theSampleRatioCheckFiresInAboutOnePerThousandFairSplits() {
        let weights: [UInt32] = [45, 45, 10, 0]
        let experiment = ExperimentSimulator.experiment(weights: weights)
        var simulator = ExperimentSimulator(seed: 0x5_4D01)
        let checks = 20_000
        var warnings = 0
        for _ in 0..<checks {
            let users = simulator.split(1_000, weights: weights)
            let tally = ExposureTally(variants: Dictionary(uniqueKeysWithValues: zip(experiment.variants, users)
                .filter { $0.1 > 0 }.map { ($0.0.id, ExposureTally.Variant(users: $0.1)) }))
            let report = ExperimentSimulator.report(experiment, tally)
            #expect(report.srm.warning == (report.srm.pValue < 0.001))
            if report.srm.warning { warnings += 1 }
        }
        let share = Double(warnings) / Double(checks)
        #expect((0.0002...0.003).contains(share), "the check fired in \(warnings) of \(checks) fair splits")
        var broken = ExperimentSimulator(seed: 0x5_4D02)
        let skewed = (0..<200).filter { _ in
            let users = broken.split(3_000, weights: [40, 50, 10, 0])
            let tally = ExposureTally(variants: Dictionary(uniqueKeysWithValues: zip(experiment.variants, users)
                .filter { $0.1 > 0 }.map { ($0.0.id, ExposureTally.Variant(users: $0.1)) }))
            return ExperimentSimulator.report(experiment, tally).srm.warning
        }.count
        #expect(skewed > 100, "a 40/50/10 split against weights 45/45/10 is flagged in \(skewed) of 200")
    }
}
