import Testing
import TollgateEvaluation
@testable import TollgateCLI

@Suite struct ExperimentSimulationTests {
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
