import Foundation
import Testing
@testable import TollgateEvaluation

/// The example apps' placements, resolved for users of every kind: each decision and its trace exactly.
///
/// The buckets are flagd's: MurmurHash3 x86 32-bit of the canonical CBOR of `[seed, user_id]`, times the total
/// weight (100), shifted right by 32, computed with the `mmh3` and `cbor2` packages flagd's Python evaluator uses.
@Suite struct ExamplePlacementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var example: Example
        var placement: String
        var context: EvaluationInput
        var decision: PlacementDecision
        var trace: [String]
        var testDescription: String { name }
    }

    static let japanNew = #"storefront == "JPN" && days_since_install < 7 && version(app_version) >= version("2.3")"#
    static let examTakers = "has(attributes.exam_in_days) && attributes.exam_in_days <= 30"

    /// A user at `ExamplePolicies.now` holding `products`, installed `days` days ago.
    static func context(_ products: [String] = [], userID: String? = nil, storefront: String? = nil,
                        appVersion: String? = nil, installedDaysAgo days: Double? = nil,
                        attributes: [String: AttributeValue] = [:]) -> EvaluationInput {
        EvaluationInput(
            entitlements: products.map { Entitlement(product: $0, state: .active) }, synced: true, consent: .granted,
            now: ExamplePolicies.now,
            user: UserContext(userID: userID, storefront: storefront, appVersion: appVersion,
                              installDate: days.map { ExamplePolicies.now.addingTimeInterval(-$0 * 86_400) },
                              attributes: attributes))
    }

    static let cases: [Case] = [
        Case(name: "photocollage onboarding: a subscriber sees nothing",
             example: .photocollage, placement: "onboarding",
             context: context([Photocollage.yearly], userID: "user-1001", storefront: "JPN", appVersion: "2.4.1",
                              installedDaysAgo: 2),
             decision: PlacementDecision(placement: "onboarding", audience: "subscribers", reason: .targetingMatch),
             trace: ["subscribers: matched"]),
        Case(name: "photocollage onboarding: a new user in Japan is bucketed into the experiment",
             example: .photocollage, placement: "onboarding",
             context: context(userID: "user-42", storefront: "JPN", appVersion: "2.4.1", installedDaysAgo: 2.5),
             decision: PlacementDecision(placement: "onboarding", paywall: "main", audience: "japan-new",
                                         experiment: "onboarding-paywall", variant: "paywall", bucket: 45,
                                         reason: .split),
             trace: [#"subscribers: '"premium" in tiers' is false"#,
                     "beta-testers: 'attributes.beta == true' is false (attributes.beta is absent)",
                     "japan-new: matched"]),
        Case(name: "photocollage onboarding: bucket 90, the first of the holdout, shows nothing",
             example: .photocollage, placement: "onboarding",
             context: context(userID: "user-27", storefront: "JPN", appVersion: "2.3", installedDaysAgo: 0,
                              attributes: ["beta": .bool(false)]),
             decision: PlacementDecision(placement: "onboarding", audience: "japan-new",
                                         experiment: "onboarding-paywall", variant: "holdout", bucket: 90,
                                         reason: .split),
             trace: [#"subscribers: '"premium" in tiers' is false"#, "beta-testers: 'attributes.beta == true' is false",
                     "japan-new: matched"]),
        Case(name: "photocollage onboarding: without a user id, the experiment's first variant",
             example: .photocollage, placement: "onboarding",
             context: context(storefront: "JPN", appVersion: "2.4.1", installedDaysAgo: 1),
             decision: PlacementDecision(placement: "onboarding", paywall: "main", audience: "japan-new",
                                         experiment: "onboarding-paywall", variant: "paywall", reason: .fallback),
             trace: [#"subscribers: '"premium" in tiers' is false"#,
                     "beta-testers: 'attributes.beta == true' is false (attributes.beta is absent)",
                     "japan-new: matched",
                     "onboarding-paywall: no user_id to bucket by, so the first variant 'paywall'"]),
        Case(name: "photocollage onboarding: a Japanese user without an install date falls through to everyone",
             example: .photocollage, placement: "onboarding",
             context: context(userID: "user-10", storefront: "JPN", appVersion: "2.4.1"),
             decision: PlacementDecision(placement: "onboarding", audience: "everyone",
                                         experiment: "onboarding-paywall", variant: "holdout", bucket: 97,
                                         reason: .split),
             trace: [#"subscribers: '"premium" in tiers' is false"#,
                     "beta-testers: 'attributes.beta == true' is false (attributes.beta is absent)",
                     "japan-new: '\(japanNew)' is false (days_since_install is absent)",
                     "engaged: 'attributes.sessions >= 10' is false (attributes.sessions is absent)",
                     "everyone: matched"]),
        Case(name: "photocollage onboarding: an engaged user on an old version sees the paywall",
             example: .photocollage, placement: "onboarding",
             context: context(userID: "user-77", storefront: "JPN", appVersion: "2.2.9", installedDaysAgo: 3,
                              attributes: ["sessions": .number(12), "beta": .bool(false)]),
             decision: PlacementDecision(placement: "onboarding", paywall: "main", audience: "engaged",
                                         reason: .targetingMatch),
             trace: [#"subscribers: '"premium" in tiers' is false"#, "beta-testers: 'attributes.beta == true' is false",
                     "japan-new: '\(japanNew)' is false", "engaged: matched"]),
        Case(name: "photocollage onboarding: a beta tester sees nothing",
             example: .photocollage, placement: "onboarding",
             context: context([Photocollage.removeAds], userID: "user-5", attributes: ["beta": .bool(true)]),
             decision: PlacementDecision(placement: "onboarding", audience: "beta-testers", reason: .targetingMatch),
             trace: [#"subscribers: '"premium" in tiers' is false"#, "beta-testers: matched"]),
        Case(name: "photocollage templates-advanced: a monthly subscriber has the feature",
             example: .photocollage, placement: "templates-advanced", context: context([Photocollage.monthly]),
             decision: PlacementDecision(placement: "templates-advanced", audience: "unlocked", reason: .targetingMatch),
             trace: ["unlocked: matched"]),
        Case(name: "photocollage templates-advanced: remove-ads alone does not unlock it",
             example: .photocollage, placement: "templates-advanced", context: context([Photocollage.removeAds]),
             decision: PlacementDecision(placement: "templates-advanced", paywall: "main", audience: "locked",
                                         reason: .targetingMatch),
             trace: [#"unlocked: '"templates.advanced" in features' is false"#, "locked: matched"]),
        Case(name: "photocollage settings: a free user sees the paywall",
             example: .photocollage, placement: "settings", context: context(),
             decision: PlacementDecision(placement: "settings", paywall: "main", audience: "everyone",
                                         reason: .targetingMatch),
             trace: [#"premium: '"premium" in tiers' is false"#, "everyone: matched"]),
        Case(name: "lingualeap onboarding: a plus subscriber has offline lessons",
             example: .lingualeap, placement: "onboarding", context: context([Lingualeap.plusMonthly]),
             decision: PlacementDecision(placement: "onboarding", audience: "learners", reason: .targetingMatch),
             trace: ["learners: matched"]),
        Case(name: "lingualeap lesson-limit: a learner with an exam in 14 days is bucketed",
             example: .lingualeap, placement: "lesson-limit",
             context: context(userID: "learner-1", attributes: ["exam_in_days": .number(14)]),
             decision: PlacementDecision(placement: "lesson-limit", paywall: "main", audience: "exam-takers",
                                         experiment: "exam-offer", variant: "subscription", bucket: 12, reason: .split),
             trace: [#"subscribers: '"plus" in tiers' is false"#, "exam-takers: matched"]),
        Case(name: "lingualeap lesson-limit: bucket 92 gets the exam pass",
             example: .lingualeap, placement: "lesson-limit",
             context: context(userID: "learner-9", attributes: ["exam_in_days": .number(30)]),
             decision: PlacementDecision(placement: "lesson-limit", paywall: "exam", audience: "exam-takers",
                                         experiment: "exam-offer", variant: "exam-pass", bucket: 92, reason: .split),
             trace: [#"subscribers: '"plus" in tiers' is false"#, "exam-takers: matched"]),
        Case(name: "lingualeap lesson-limit: an exam too far away sees the main paywall",
             example: .lingualeap, placement: "lesson-limit",
             context: context(userID: "learner-9", attributes: ["exam_in_days": .number(31)]),
             decision: PlacementDecision(placement: "lesson-limit", paywall: "main", audience: "everyone",
                                         reason: .targetingMatch),
             trace: [#"subscribers: '"plus" in tiers' is false"#, "exam-takers: '\(examTakers)' is false",
                     "everyone: matched"]),
        Case(name: "lingualeap lesson-limit: a pro subscriber includes plus",
             example: .lingualeap, placement: "lesson-limit", context: context([Lingualeap.proYearly]),
             decision: PlacementDecision(placement: "lesson-limit", audience: "subscribers", reason: .targetingMatch),
             trace: ["subscribers: matched"]),
        Case(name: "lingualeap settings: pro is not family",
             example: .lingualeap, placement: "settings", context: context([Lingualeap.proYearly]),
             decision: PlacementDecision(placement: "settings", paywall: "main", audience: "everyone",
                                         reason: .targetingMatch),
             trace: [#"family: '"family" in tiers' is false"#, "everyone: matched"]),
    ]

    @Test("each context gets its decision and trace", arguments: cases)
    func resolve(_ test: Case) throws {
        let evaluator = try ExamplePolicies.evaluator(test.example)
        let (decision, trace) = try #require(evaluator.resolveExplained(placement: test.placement,
                                                                        context: test.context, now: .distantPast))
        #expect(decision == test.decision)
        #expect(trace == test.trace)
        #expect(evaluator.resolve(placement: test.placement, context: test.context, now: .distantPast) == decision)
    }

    @Test("every placement of the examples is resolved by some case")
    func coverage() throws {
        for example in [Example.photocollage, .lingualeap] {
            let placements = try ExamplePolicies.compiled(example).bundle.placements.map(\.id)
            let covered = Set(Self.cases.filter { $0.example == example }.map(\.placement))
            #expect(Set(placements) == covered, "\(example)")
        }
    }
}
