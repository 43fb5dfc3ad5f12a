import Testing
import TollgateEvaluation
@testable import TollgateCLI

@Suite struct ExperimentSimulationTests {
    @Test("chi-square p-values at the table's critical values",
          arguments: [(1, 3.841458820694124, 0.05), (2, 5.991464547107979, 0.05), (3, 7.814727903251178, 0.05),
                      (10, 18.307038053275146, 0.05), (1, 6.634896601021214, 0.01), (4, 13.276704135987622, 0.01),
                      (2, 0.10258658877510107, 0.95), (30, 43.77297182574219, 0.05)])
    func criticalValues(degreesOfFreedom: Int, statistic: Double, pValue: Double) {
        let computed = ExperimentSimulation.upperRegularizedGamma(Double(degreesOfFreedom) / 2, statistic / 2)
        #expect(abs(computed - pValue) < 1e-9, "\(computed)")
    }

    @Test("users land by bucket, the counts add up, and a fair split is not rejected")
    func simulation() {
        let experiment = PolicyBundle.Experiment(
            id: "jp-yearly-price", seed: "jp-yearly-price", status: .running, winner: nil,
            variants: [.init(id: "control", paywall: "main", weight: 45), .init(id: "cheaper", paywall: "main-jp", weight: 45),
                       .init(id: "holdout", paywall: nil, weight: 10), .init(id: "off", paywall: "x", weight: 0)])
        let simulation = ExperimentSimulation(experiment, users: 20_000)
        #expect(simulation.rows.map(\.count).reduce(0, +) == 20_000)
        #expect(simulation.rows.last?.count == 0)
        #expect(simulation.rows.map(\.expectedShare) == [0.45, 0.45, 0.1, 0])
        #expect(simulation.degreesOfFreedom == 2)
        #expect(simulation.pValue > 0.001)
        let first = (1...20_000).filter { index in
            Bucketing.variant(weights: [45, 45, 10, 0], bucket: Bucketing.bucket(
                hash: Bucketing.hash(seed: "jp-yearly-price", userID: "user-\(index)"), total: 100)) == 0
        }.count
        #expect(simulation.rows[0].count == first)
    }
}
