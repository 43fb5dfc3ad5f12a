import Foundation
import Testing
@testable import TollgateEvaluation

/// The sentence explaining one feature for one input.
struct ExplainCase: Sendable, CustomTestStringConvertible {
    var name: String
    var example: Example
    var entitlements: [Entitlement] = []
    var synced = true
    var feature: String
    var sentence: String

    var testDescription: String { "\(example): \(name)" }
}

@Suite("explain: one sentence per feature")
struct ExplainTests {
    static let needsPremium = "needs premium; granted by premium.monthly, premium.yearly"

    static let cases: [ExplainCase] = [
        ExplainCase(name: "free feature", example: .photocollage, feature: "collage.basic",
                    sentence: "free: every user has it"),
        ExplainCase(name: "free feature, not synced", example: .photocollage, synced: false, feature: "templates.basic",
                    sentence: "free: every user has it"),
        ExplainCase(name: "locked, nothing held", example: .photocollage, feature: "templates.advanced",
                    sentence: needsPremium),
        ExplainCase(name: "unlocked by an active subscription", example: .photocollage,
                    entitlements: [Entitlement(product: Photocollage.monthly)], feature: "cloud-sync",
                    sentence: "unlocked: premium granted by premium.monthly (active)"),
        ExplainCase(name: "unlocked in grace period", example: .photocollage,
                    entitlements: [Entitlement(product: Photocollage.yearly, state: .gracePeriod,
                                               expires: ExamplePolicies.at(86_400))],
                    feature: "cloud-sync", sentence: "unlocked: premium granted by premium.yearly (grace_period)"),
        ExplainCase(name: "the first granting entitlement is named", example: .photocollage,
                    entitlements: [Entitlement(product: Photocollage.removeAds),
                                   Entitlement(product: Photocollage.yearly, state: .billingRetry),
                                   Entitlement(product: Photocollage.monthly)],
                    feature: "cloud-sync", sentence: "unlocked: premium granted by premium.monthly (active)"),
        ExplainCase(name: "locked: expired by date", example: .photocollage,
                    entitlements: [Entitlement(product: Photocollage.monthly, expires: ExamplePolicies.at(-1))],
                    feature: "templates.advanced",
                    sentence: needsPremium + "; premium.monthly is expired, which does not keep access"),
        ExplainCase(name: "locked: billing retry and revoked, in input order", example: .photocollage,
                    entitlements: [Entitlement(product: Photocollage.yearly, state: .billingRetry),
                                   Entitlement(product: Photocollage.monthly, state: .revoked)],
                    feature: "templates.advanced",
                    sentence: needsPremium + "; premium.yearly is billing_retry, which does not keep access"
                        + "; premium.monthly is revoked, which does not keep access"),
        ExplainCase(name: "locked: products that do not grant the tier are not mentioned", example: .photocollage,
                    entitlements: [Entitlement(product: Photocollage.removeAds, state: .pending),
                                   Entitlement(product: Photocollage.coins)],
                    feature: "templates.advanced", sentence: needsPremium),
        ExplainCase(name: "not synced under unknown: deny", example: .photocollage,
                    entitlements: [Entitlement(product: Photocollage.monthly)], synced: false,
                    feature: "templates.advanced",
                    sentence: needsPremium + "; premium.monthly is active, which does not count before the store answers"
                        + "; the store has not answered yet"),
        ExplainCase(name: "not synced under unknown: deny, nothing listed", example: .photocollage, synced: false,
                    feature: "cloud-sync", sentence: needsPremium + "; the store has not answered yet"),
        ExplainCase(name: "not synced under unknown: grant", example: .photocollageGrant,
                    entitlements: [Entitlement(product: Photocollage.yearly, state: .billingRetry)], synced: false,
                    feature: "cloud-sync", sentence: "unlocked: premium granted by premium.yearly (billing_retry)"),
        ExplainCase(name: "locked, lingualeap", example: .lingualeap, feature: "conversation.ai",
                    sentence: "needs pro; granted by family.yearly, pro.yearly, pro.monthly, pro.weekly"),
        ExplainCase(name: "exam-prep through pro's includes", example: .lingualeap,
                    entitlements: [Entitlement(product: Lingualeap.proYearly)], feature: "exam.mock-tests",
                    sentence: "unlocked: exam-prep granted by pro.yearly (active)"),
        ExplainCase(name: "locked exam feature lists every granting product in policy order", example: .lingualeap,
                    feature: "exam.writing-review",
                    sentence: "needs exam-prep; granted by family.yearly, pro.yearly, pro.monthly, pro.weekly, exam.pass"),
        ExplainCase(name: "not synced under unknown: cached, expired", example: .lingualeap,
                    entitlements: [Entitlement(product: Lingualeap.familyYearly, state: .expired)], synced: false,
                    feature: "family.profiles",
                    sentence: "needs family; granted by family.yearly; family.yearly is expired, which does not count "
                        + "before the store answers"),
        ExplainCase(name: "not synced under unknown: cached, active", example: .lingualeap,
                    entitlements: [Entitlement(product: Lingualeap.plusYearly)], synced: false,
                    feature: "grammar.tips", sentence: "unlocked: plus granted by plus.yearly (active)"),
    ]

    @Test("sentences", arguments: cases)
    func sentence(_ testCase: ExplainCase) throws {
        let decision = try ExamplePolicies.decide(testCase.example, testCase.entitlements, synced: testCase.synced)
        #expect(decision.explain[testCase.feature] == testCase.sentence)
    }

    @Test("every feature has exactly one sentence", arguments: Example.allCases)
    func oneSentencePerFeature(_ example: Example) throws {
        let decision = try ExamplePolicies.decide(example, [Entitlement(product: Photocollage.removeAds)])
        let features = try ExamplePolicies.compiled(example).bundle.features.map(\.id)
        #expect(decision.explain.keys.sorted() == features.sorted())
        #expect(decision.features.keys.sorted() == features.sorted())
    }

    @Test("a tier no product grants; product ids keep their prefix without a bundle id")
    func handMade() throws {
        let bundle = HandMade.bundle(
            products: [HandMade.product("com.example.x.monthly", prices: ["USD": "1.00"])],
            tiers: [
                PolicyBundle.Tier(id: "free", title: nil, adFree: false, includes: []),
                PolicyBundle.Tier(id: "premium", title: nil, adFree: true, includes: []),
                PolicyBundle.Tier(id: "vault", title: nil, adFree: false, includes: []),
            ],
            features: [PolicyBundle.Feature(id: "pro.feature", title: nil, tier: "premium"),
                       PolicyBundle.Feature(id: "vault.feature", title: nil, tier: "vault")])
        let decision = try HandMade.decide(bundle)
        #expect(decision.explain == [
            "pro.feature": "needs premium; granted by com.example.x.monthly",
            "vault.feature": "needs vault; no product grants it",
        ])
        #expect(decision.upsell == ["pro.feature": ["com.example.x.monthly"], "vault.feature": []])
    }

    @Test("with a bundle id, products are named without its prefix")
    func bundleIDPrefix() throws {
        let bundle = HandMade.bundle(products: [HandMade.product("com.example.x.monthly"), HandMade.product("com.example.x")],
                                     bundleID: "com.example.x")
        let decision = try HandMade.decide(bundle)
        #expect(decision.explain["pro.feature"] == "needs premium; granted by monthly, com.example.x")
    }
}
