@testable import PolicyValidation
import Diagnostics
import PolicyModel
import Testing
import TollgateEvaluation

/// The experiment rules' branches: weights, winner, and what a change of variants or weights moves.
@Suite("experiment-weights, experiment-winner and experiment-reassigns-users")
struct ExperimentRulesTests {
    /// A policy whose one placement uses the experiment `launch` with `body` (its keys after the id).
    static func policy(_ body: String) -> String {
        ModelRuleSources.policy("""
            paywalls:
              main: { products: [] }
            placements:
              onboarding:
                audiences:
                  - { id: everyone, experiment: launch }
            experiments:
              launch:
            \(body)
            """)
    }

    static func variants(_ weights: [Int]) -> String {
        "    status: running\n    variants:\n" + weights.enumerated().map { index, weight in
            "      v\(index): { paywall: main, weight: \(weight) }"
        }.joined(separator: "\n")
    }

    @Test(arguments: [
        ([50, 50], nil),
        ([2_147_483_647], nil),
        ([0, 1], nil),
        ([], "experiment 'launch' has no variants"),
        ([-1, 5], "variant 'v0' of experiment 'launch' has weight -1; weights are whole numbers from 0"),
        ([0, 0], "the weights of experiment 'launch' are all 0; at least one must be above 0"),
        ([2_147_483_647, 1], "the weights of experiment 'launch' total 2147483648; at most 2147483647 is allowed"),
        ([Int.max, Int.max, Int.max],
         "the weights of experiment 'launch' total more than 18446744073709551615; at most 2147483647 is allowed"),
    ] as [([Int], String?)])
    func weights(_ weights: [Int], message: String?) throws {
        let body = weights.isEmpty ? "    status: running\n    variants: {}" : Self.variants(weights)
        let messages = try ExperimentWeightsRule().check(ModelRuleSources.load(Self.policy(body))).map(\.message)
        #expect(messages == (message.map { [$0] } ?? []))
    }

    @Test(arguments: [
        ("running", nil, nil),
        ("paused", nil, nil),
        ("concluded", "v1", nil),
        ("concluded", nil, "experiment 'launch' is concluded but names no winner"),
        ("paused", "v1",
         "experiment 'launch' is paused but names winner 'v1'; only a concluded experiment has a winner"),
        ("concluded", "v2", "winner 'v2' of experiment 'launch' is not one of its variants"),
    ] as [(String, String?, String?)])
    func winner(status: String, winner: String?, message: String?) throws {
        let body = "    status: \(status)\n" + (winner.map { "    winner: \($0)\n" } ?? "")
            + "    variants:\n      v0: { paywall: main, weight: 1 }\n      v1: { show: none, weight: 1 }"
        let messages = try ExperimentWinnerRule().check(ModelRuleSources.load(Self.policy(body))).map(\.message)
        #expect(messages == (message.map { [$0] } ?? []))
    }

    /// The published experiment `launch`: running, seeded `launch`, with `weights` for v0, v1, ….
    static func published(_ weights: [UInt32], seed: String = "launch",
                          status: ExperimentStatus = .running) -> PolicyBundle.Experiment {
        PolicyBundle.Experiment(id: "launch", seed: seed, status: status, winner: nil, variants: weights.enumerated().map {
            PolicyBundle.Variant(id: "v\($0)", paywall: "main", weight: $1)
        })
    }

    static func reassignment(from published: PolicyBundle.Experiment, to body: String) throws -> [String] {
        let rule = ExperimentReassignsUsersRule(baselines: [
            "demo": ProductBaseline(types: [:], experiments: ["launch": published], source: "v1"),
        ])
        return try rule.check(ModelRuleSources.load(Self.policy(body))).map(\.message)
    }

    static func moved(_ share: String) -> String {
        "experiment 'launch' keeps its seed 'launch' but its variants or weights differ from v1: \(share) of users would change variant"
    }

    @Test(arguments: [
        ([50, 50], [50, 50], nil),
        ([50, 50], [5, 5], nil),
        ([50, 50], [50, 50, 0], nil),
        ([50, 50], [70, 30], "20.0%"),
        ([1, 1], [2, 1], "16.7%"),
        ([50, 50], [100], "50.0%"),
        ([1_000_000, 1_000_000], [1_000_001, 999_999], "less than 0.1%"),
    ] as [([UInt32], [Int], String?)])
    func reassignment(published: [UInt32], current: [Int], share: String?) throws {
        let messages = try Self.reassignment(from: Self.published(published), to: Self.variants(current))
        #expect(messages == (share.map { [Self.moved($0)] } ?? []))
    }

    @Test func aNewSeedOrAnExperimentThatIsNotRunningMovesNobodyByWeight() throws {
        #expect(try Self.reassignment(from: Self.published([50, 50], seed: "launch-1"), to: Self.variants([70, 30])).isEmpty)
        #expect(try Self.reassignment(from: Self.published([50, 50]), to: "    seed: launch-2\n" + Self.variants([70, 30]))
            .isEmpty)
        #expect(try Self.reassignment(from: Self.published([50, 50], status: .paused), to: Self.variants([70, 30])).isEmpty)
        #expect(try Self.reassignment(from: Self.published([50, 50]), to: Self.variants([-70, 30])).isEmpty)
    }

    @Test(arguments: [(0.0, "0.0%"), (0.125, "12.5%"), (0.2, "20.0%"), (1.0 / 3, "33.3%"), (0.00004, "less than 0.1%"),
                      (0.99996, "more than 99.9%"), (1.0, "100.0%")])
    func percent(_ share: Double, text: String) {
        #expect(ExperimentReassignsUsersRule.percent(share) == text)
    }
}
