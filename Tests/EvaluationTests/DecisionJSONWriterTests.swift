import Foundation
import Testing
@testable import TollgateEvaluation

/// `Evaluator.decisionJSON` writes the service's answers straight from the tier set; these hold it byte for byte
/// to the decision `evaluate` builds, written by `Decision.json()`.
@Suite("Evaluator.decisionJSON: the bytes of evaluate(…).json() without building the decision")
struct DecisionJSONWriterTests {
    static func expectSameBytes(_ evaluator: Evaluator, _ input: EvaluationInput) {
        let written = evaluator.decisionJSON(input, now: ExamplePolicies.now)
        let built = evaluator.evaluate(input, now: ExamplePolicies.now).json()
        #expect(written == built, "\(String(decoding: written, as: UTF8.self))")
    }

    @Test("500 random inputs of every example, on every platform", arguments: Example.allCases)
    func randomInputs(_ example: Example) throws {
        let evaluator = try ExamplePolicies.evaluator(example)
        var generator = InputGenerator(policy: evaluator.policy, seed: 0xD1_2EC7)
        for round in 0..<500 {
            var input = generator.input()
            input.user.platform = [nil, "ios", "android", "web"][round % 4]
            Self.expectSameBytes(evaluator, input)
        }
    }

    @Test("products sold in one store only are left out of upsell lists by platform")
    func storesLimitOffers() throws {
        let evaluator = Evaluator(policy: try CompiledPolicy(MarketplaceTests.bundle()))
        for platform in [nil, "ios", "android", "web"] {
            Self.expectSameBytes(evaluator, EvaluationInput(entitlements: [], consent: .granted, now: ExamplePolicies.now,
                                                            user: UserContext(platform: platform)))
        }
    }

    @Test("ids that need escapes, ids sorted by code point, and tiers with many features")
    func awkwardIDs() throws {
        let ids = DecisionJSONTests.awkward + ["b", "B", "a10", "a2", "a.b", "a-b", "a_b", "_x", "é", "e", "Z"]
        let tiers = ["free", "premium", "pro\"x"].map { PolicyBundle.Tier(id: $0, title: nil, adFree: $0 != "free", includes: []) }
        let features = ids.enumerated().map { index, id in
            PolicyBundle.Feature(id: id, title: nil, tier: tiers[index % tiers.count].id)
        }
        let products = [HandMade.product("p\\1", grants: ["premium"], prices: ["USD": "1.99"]),
                        HandMade.product("p/2", grants: ["pro\"x"], prices: ["USD": "0.99"]),
                        HandMade.product("é3", grants: ["premium", "pro\"x"])]
        let evaluator = Evaluator(policy: try CompiledPolicy(HandMade.bundle(products: products, tiers: tiers,
                                                                             features: features)))
        var generator = InputGenerator(policy: evaluator.policy, seed: 0xE5C)
        for _ in 0..<200 {
            Self.expectSameBytes(evaluator, generator.input())
        }
    }

    @Test("a bundle that repeats a feature id answers as the decision's dictionaries do")
    func repeatedFeature() throws {
        let features = [PolicyBundle.Feature(id: "same", title: nil, tier: "premium"),
                        PolicyBundle.Feature(id: "same", title: nil, tier: "free")]
        let evaluator = Evaluator(policy: try CompiledPolicy(
            HandMade.bundle(products: [HandMade.product("p")], features: features)))
        Self.expectSameBytes(evaluator, EvaluationInput(entitlements: [], now: ExamplePolicies.now))
        Self.expectSameBytes(evaluator, EvaluationInput(entitlements: [Entitlement(product: "p", state: .active)],
                                                        now: ExamplePolicies.now))
    }
}
