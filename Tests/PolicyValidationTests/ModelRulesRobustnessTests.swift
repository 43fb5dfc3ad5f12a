import Diagnostics
@testable import PolicyValidation
import Diagnostics
import Testing
import Project
import TollgateEvaluation

/// The model rules never crash and stay quiet on policies with empty or missing sections.
@Suite("model rules on sparse policies")
struct ModelRulesRobustnessTests {
    static let rules = Validator.referenceRules + Validator.productRules(.icu(baselines: [:])) + Validator.featureRules
        + Validator.paywallRules + Validator.placementRules(.icu(baselines: ["demo": ProductBaseline(
            types: [:], experiments: ["e": .init(id: "e", seed: "e", status: .running, winner: nil, variants: [])],
            source: "v1")]))

    static let sparse = [
        "",
        "tiers: {}\nproducts: []\nsubscription_groups: {}\nfeatures: {}\npaywalls: {}\n",
        "ads: { placements: {} }\n",
        "placements: {}\nexperiments: {}\n",
        """
        placements:
          p: { audiences: [] }
          q: { audiences: [{ id: a, when: '', show: none }, { id: a, when: '((', experiment: e }] }
        experiments:
          e: { status: concluded, winner: x, variants: {} }
        """,
        """
        products:
          - { id: a, type: auto-renewable, intro_offer: { type: pay-as-you-go } }
          - { id: b, type: non-renewing, intro_offer: { type: free-trial } }
          - { id: c, type: consumable, grants: [x, z] }
        subscription_groups:
          g: { levels: [] }
          h: { levels: [nope, a, a, c] }
        paywalls:
          empty: { products: [], highlight: nope }
        tiers:
          t: { includes: [t, u] }
          u: { includes: [t] }
        """,
    ]

    @Test(arguments: sparse)
    func noCrash(_ body: String) throws {
        let app = try ModelRuleSources.load(ModelRuleSources.policy(body))
        for rule in Self.rules {
            _ = rule.check(app)
        }
    }

    @Test("an empty policy raises only the free-tier warning")
    func emptyPolicy() throws {
        let app = try ModelRuleSources.load(ModelRuleSources.policy(""))
        let ids = Self.rules.flatMap { $0.check(app) }.map(\.rule)
        #expect(ids == ["free-tier-empty"])
    }

    @Test func freeTierEvidence() throws {
        let app = try ModelRuleSources.load(ModelRuleSources.policy("""
            tiers:
              free: { includes: [basic] }
              basic: {}
            features:
              a: { tier: basic }
              b: { tier: free }
              c: { tier: pro }
            """))
        #expect(FreeTierEmptyRule().check(app).isEmpty)
        #expect(FreeTierEmptyRule().evidence(app) == "free features: a, b")
    }
}
