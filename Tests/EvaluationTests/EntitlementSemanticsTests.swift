import Foundation
import Testing
@testable import TollgateEvaluation

/// One entitlement judged against a policy: which tiers it leaves the user with.
struct EntitlementCase: Sendable, CustomTestStringConvertible {
    var name: String
    var example: Example
    var entitlements: [Entitlement]
    var synced = true
    var tiers: [String]

    var testDescription: String { "\(example): \(name)" }
}

@Suite("entitlements: state table, expiry, sync modes, consumables, unknown products")
struct EntitlementSemanticsTests {
    static let everyTier = ["free", "remove-ads", "premium"]

    static let stateTableCases: [EntitlementCase] = EntitlementState.allCases.flatMap { state in
        let grants = state == .active || state == .gracePeriod
        return [
            EntitlementCase(name: "premium.monthly \(state.rawValue)", example: .photocollage,
                            entitlements: [Entitlement(product: Photocollage.monthly, state: state)],
                            tiers: grants ? everyTier : ["free"]),
            EntitlementCase(name: "removeads \(state.rawValue)", example: .photocollage,
                            entitlements: [Entitlement(product: Photocollage.removeAds, state: state)],
                            tiers: grants ? ["free", "remove-ads"] : ["free"]),
            EntitlementCase(name: "exam.pass \(state.rawValue)", example: .lingualeap,
                            entitlements: [Entitlement(product: Lingualeap.examPass, state: state)],
                            tiers: grants ? ["free", "exam-prep"] : ["free"]),
        ]
    }

    @Test("the policy's entitlements table decides each state (synced)", arguments: stateTableCases)
    func stateTable(_ testCase: EntitlementCase) throws {
        let decision = try ExamplePolicies.decide(testCase.example, testCase.entitlements, synced: testCase.synced)
        #expect(decision.tiers == testCase.tiers)
        #expect(decision.warnings.isEmpty)
    }

    static let expiryCases: [EntitlementCase] = [
        ("active, expired a second ago", EntitlementState.active, -1.0, false),
        ("active, expires exactly now", .active, 0, false),
        ("active, expires in a second", .active, 1, true),
        ("active, expired a year ago", .active, -365 * 86_400, false),
        ("grace_period, expires tomorrow", .gracePeriod, 86_400, true),
        ("grace_period, expired yesterday", .gracePeriod, -86_400, false),
        ("billing_retry, expires tomorrow (state stays)", .billingRetry, 86_400, false),
        ("expired, expires tomorrow (state stays)", .expired, 86_400, false),
    ].map { name, state, offset, grants in
        EntitlementCase(name: name, example: .photocollage,
                        entitlements: [Entitlement(product: Photocollage.yearly, state: state,
                                                   expires: ExamplePolicies.at(offset))],
                        tiers: grants ? everyTier : ["free"])
    }

    @Test("an expires at or before now means expired; one in the future leaves the state", arguments: expiryCases)
    func expiry(_ testCase: EntitlementCase) throws {
        let decision = try ExamplePolicies.decide(testCase.example, testCase.entitlements)
        #expect(decision.tiers == testCase.tiers)
    }

    @Test("expiry is judged against input.now, and against the fallback only when now is missing")
    func expiryUsesInputNow() throws {
        let evaluator = try ExamplePolicies.evaluator(.photocollage)
        let entitlement = Entitlement(product: Photocollage.monthly, expires: ExamplePolicies.now)
        let before = ExamplePolicies.at(-60)
        let withNow = EvaluationInput(entitlements: [entitlement], now: before)
        #expect(evaluator.evaluate(withNow, now: ExamplePolicies.at(60)).tiers == Self.everyTier)
        let withoutNow = EvaluationInput(entitlements: [entitlement])
        #expect(evaluator.evaluate(withoutNow, now: before).tiers == Self.everyTier)
        #expect(evaluator.evaluate(withoutNow, now: ExamplePolicies.now).tiers == ["free"])
    }

    /// A pending or revoked entitlement in every mode, synced or not, whatever its expiry.
    struct WithheldCase: Sendable, CustomTestStringConvertible {
        var example: Example
        var state: EntitlementState
        var synced: Bool
        var expires: TimeInterval?

        var testDescription: String {
            "\(example) \(state.rawValue) \(synced ? "synced" : "unsynced") expires \(expires.map { "\($0)" } ?? "never")"
        }
    }

    static let withheldCases: [WithheldCase] = [Example.photocollage, .lingualeap, .photocollageGrant].flatMap { example in
        [EntitlementState.pending, .revoked].flatMap { state in
            [true, false].flatMap { synced in
                ([nil, -86_400, 0, 86_400] as [TimeInterval?]).map { WithheldCase(example: example, state: state, synced: synced, expires: $0) }
            }
        }
    }

    @Test("pending and revoked grant nothing, in every mode", arguments: withheldCases)
    func pendingAndRevokedGrantNothing(_ testCase: WithheldCase) throws {
        let compiled = try ExamplePolicies.compiled(testCase.example)
        let products = compiled.bundle.products.map(\.id)
        let entitlements = products.map {
            Entitlement(product: $0, state: testCase.state, expires: testCase.expires.map(ExamplePolicies.at))
        }
        let decision = try ExamplePolicies.decide(testCase.example, entitlements, synced: testCase.synced)
        #expect(decision.tiers == ["free"])
        let access = try ExamplePolicies.evaluator(testCase.example)
            .access(entitlements, synced: testCase.synced, consent: .granted, now: ExamplePolicies.now)
        #expect(access.tierIDs == ["free"])
    }

    @Test("a revoked subscription whose expiry has passed grants nothing while unsynced under unknown: grant")
    func revokedPastExpiryUnderUnknownGrant() throws {
        let revoked = Entitlement(product: Photocollage.monthly, state: .revoked, expires: ExamplePolicies.at(-86_400))
        let pending = Entitlement(product: Photocollage.removeAds, state: .pending, expires: ExamplePolicies.at(-1))
        #expect(try ExamplePolicies.decide(.photocollageGrant, [revoked], synced: false).tiers == ["free"])
        #expect(try ExamplePolicies.decide(.photocollageGrant, [pending], synced: false).tiers == ["free"])
    }

    static let consumablesCases: [EntitlementCase] = [
        EntitlementCase(name: "coins active", example: .photocollage,
                        entitlements: [Entitlement(product: Photocollage.coins)], tiers: ["free"]),
        EntitlementCase(name: "coins active, unsynced, unknown: grant", example: .photocollageGrant,
                        entitlements: [Entitlement(product: Photocollage.coins)], synced: false, tiers: ["free"]),
        EntitlementCase(name: "reviews active", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.reviews)], tiers: ["free"]),
        EntitlementCase(name: "reviews grace_period, unsynced, cached", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.reviews, state: .gracePeriod)], synced: false,
                        tiers: ["free"]),
    ]

    @Test("consumables grant no tier", arguments: consumablesCases)
    func consumablesGrantNoTier(_ testCase: EntitlementCase) throws {
        let decision = try ExamplePolicies.decide(testCase.example, testCase.entitlements, synced: testCase.synced)
        #expect(decision.tiers == testCase.tiers)
        #expect(decision.warnings.isEmpty)
    }

    @Test("a consumable that claims a tier in a hand-made bundle still grants nothing")
    func consumableGrantsIgnoredInBundle() throws {
        var bundle = try ExamplePolicies.compiled(.photocollage).bundle
        let index = try #require(bundle.products.firstIndex { $0.id == Photocollage.coins })
        bundle.products[index].grants = ["premium"]
        let evaluator = Evaluator(policy: try CompiledPolicy(PolicyBundle(
            app: bundle.app, bundleID: bundle.bundleID, tiers: bundle.tiers, features: bundle.features,
            products: bundle.products, entitlements: bundle.entitlements, ads: bundle.ads)))
        let coins = [Entitlement(product: Photocollage.coins)]
        #expect(evaluator.evaluate(EvaluationInput(entitlements: coins), now: ExamplePolicies.now).tiers == ["free"])
        #expect(evaluator.access(coins, now: ExamplePolicies.now).tierIDs == ["free"])
    }

    @Test("unknown product ids are reported in warnings, in input order, and ignored")
    func unknownProducts() throws {
        let entitlements = [
            Entitlement(product: "x"),
            Entitlement(product: Photocollage.removeAds),
            Entitlement(product: "", state: .revoked),
            Entitlement(product: "com.example.lingualeap.pro.yearly", expires: ExamplePolicies.at(-1)),
        ]
        let decision = try ExamplePolicies.decide(.photocollage, entitlements)
        #expect(decision.warnings == [
            "unknown product 'x' ignored",
            "unknown product '' ignored",
            "unknown product 'com.example.lingualeap.pro.yearly' ignored",
        ])
        #expect(decision.tiers == ["free", "remove-ads"])
        let access = try ExamplePolicies.evaluator(.photocollage).access(entitlements, now: ExamplePolicies.now)
        #expect(access.tierIDs == ["free", "remove-ads"])
        #expect(!access.unlocks("no.such.feature"))
        #expect(!access.showsAds(at: "no.such.placement"))
    }

    @Test("no warnings when every product is known")
    func noWarnings() throws {
        let decision = try ExamplePolicies.decide(.photocollage, [Entitlement(product: Photocollage.monthly)])
        #expect(decision.warnings.isEmpty)
    }

    static let unsyncedCases: [EntitlementCase] = [
        // unknown: deny — only free, whatever the store last said.
        EntitlementCase(name: "deny: premium and removeads active", example: .photocollage,
                        entitlements: [Entitlement(product: Photocollage.monthly), Entitlement(product: Photocollage.removeAds)],
                        synced: false, tiers: ["free"]),
        EntitlementCase(name: "deny: grace_period", example: .photocollage,
                        entitlements: [Entitlement(product: Photocollage.yearly, state: .gracePeriod)],
                        synced: false, tiers: ["free"]),
        // unknown: grant — every listed entitlement grants; the state table and expiry are not consulted.
        EntitlementCase(name: "grant: active", example: .photocollageGrant,
                        entitlements: [Entitlement(product: Photocollage.monthly)], synced: false, tiers: everyTier),
        EntitlementCase(name: "grant: billing_retry", example: .photocollageGrant,
                        entitlements: [Entitlement(product: Photocollage.monthly, state: .billingRetry)],
                        synced: false, tiers: everyTier),
        EntitlementCase(name: "grant: expired", example: .photocollageGrant,
                        entitlements: [Entitlement(product: Photocollage.yearly, state: .expired)],
                        synced: false, tiers: everyTier),
        EntitlementCase(name: "grant: active with a past expiry", example: .photocollageGrant,
                        entitlements: [Entitlement(product: Photocollage.removeAds, expires: ExamplePolicies.at(-86_400))],
                        synced: false, tiers: ["free", "remove-ads"]),
        EntitlementCase(name: "grant: synced still uses the table", example: .photocollageGrant,
                        entitlements: [Entitlement(product: Photocollage.monthly, state: .billingRetry)],
                        synced: true, tiers: ["free"]),
        // unknown: cached — judged by the state table (and expiry) as if synced.
        EntitlementCase(name: "cached: active", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.proMonthly)], synced: false,
                        tiers: ["free", "plus", "exam-prep", "pro"]),
        EntitlementCase(name: "cached: grace_period", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.plusMonthly, state: .gracePeriod)],
                        synced: false, tiers: ["free", "plus"]),
        EntitlementCase(name: "cached: billing_retry", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.proMonthly, state: .billingRetry)],
                        synced: false, tiers: ["free"]),
        EntitlementCase(name: "cached: expired", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.familyYearly, state: .expired)],
                        synced: false, tiers: ["free"]),
        EntitlementCase(name: "cached: active with a past expiry", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.examPass, expires: ExamplePolicies.at(-1))],
                        synced: false, tiers: ["free"]),
        EntitlementCase(name: "cached: active with a future expiry", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.examPass, expires: ExamplePolicies.at(1))],
                        synced: false, tiers: ["free", "exam-prep"]),
    ]

    @Test("synced: false applies the policy's unknown setting", arguments: unsyncedCases)
    func unsyncedModes(_ testCase: EntitlementCase) throws {
        let decision = try ExamplePolicies.decide(testCase.example, testCase.entitlements, synced: testCase.synced)
        #expect(decision.tiers == testCase.tiers)
        let access = try ExamplePolicies.evaluator(testCase.example)
            .access(testCase.entitlements, synced: testCase.synced, consent: .granted, now: ExamplePolicies.now)
        #expect(access.tierIDs == testCase.tiers)
    }

    @Test("the example variants differ from photocollage only in the edited setting")
    func variants() throws {
        let base = try ExamplePolicies.compiled(.photocollage).bundle
        let grant = try ExamplePolicies.compiled(.photocollageGrant).bundle
        let adsBeforeSync = try ExamplePolicies.compiled(.photocollageAdsBeforeSync).bundle
        #expect(base.entitlements.unknown == .deny)
        #expect(grant.entitlements.unknown == .grant)
        #expect(adsBeforeSync.ads.hideUntilSynced == false)
        #expect(try ExamplePolicies.compiled(.lingualeap).bundle.entitlements.unknown == .cached)
        var normalized = grant
        normalized.entitlements.unknown = .deny
        normalized.policy = base.policy
        #expect(normalized == base)
    }

    @Test("remove-ads bought once survives the end of a premium subscription", arguments: [
        Entitlement(product: Photocollage.monthly, state: .expired),
        Entitlement(product: Photocollage.monthly, expires: ExamplePolicies.at(-3_600)),
        Entitlement(product: Photocollage.monthly, state: .revoked),
    ])
    func removeAdsSurvivesPremium(_ premium: Entitlement) throws {
        let decision = try ExamplePolicies.decide(.photocollage, [Entitlement(product: Photocollage.removeAds), premium])
        #expect(decision.tiers == ["free", "remove-ads"])
        #expect(decision.ads.enabled == false)
        #expect(decision.ads.reason == "ad-free: remove-ads granted by com.example.photocollage.removeads")
        #expect(decision.features == [
            "collage.basic": true, "templates.basic": true, "templates.advanced": false, "cloud-sync": false,
        ])
    }

    static let includesCases: [EntitlementCase] = [
        EntitlementCase(name: "premium alone holds remove-ads", example: .photocollage,
                        entitlements: [Entitlement(product: Photocollage.yearly)], tiers: everyTier),
        EntitlementCase(name: "family holds pro, plus and exam-prep", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.familyYearly)],
                        tiers: ["free", "plus", "exam-prep", "pro", "family"]),
        EntitlementCase(name: "pro holds plus and exam-prep", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.proWeekly)],
                        tiers: ["free", "plus", "exam-prep", "pro"]),
        EntitlementCase(name: "plus and exam-prep together are not pro", example: .lingualeap,
                        entitlements: [Entitlement(product: Lingualeap.plusYearly), Entitlement(product: Lingualeap.examPass)],
                        tiers: ["free", "plus", "exam-prep"]),
    ]

    @Test("a tier's includes are held with it", arguments: includesCases)
    func tierIncludes(_ testCase: EntitlementCase) throws {
        let decision = try ExamplePolicies.decide(testCase.example, testCase.entitlements)
        #expect(decision.tiers == testCase.tiers)
        #expect(decision.ads.enabled == false, "every tier above free is ad-free or includes one that is")
    }

    @Test("lingualeap family unlocks every feature; pro every one but the family features")
    func lingualeapFeatures() throws {
        let family = try ExamplePolicies.decide(.lingualeap, [Entitlement(product: Lingualeap.familyYearly)])
        #expect(family.features.values.allSatisfy { $0 })
        #expect(family.features.count == 10)
        let pro = try ExamplePolicies.decide(.lingualeap, [Entitlement(product: Lingualeap.proYearly)])
        #expect(pro.features.filter { !$0.value }.map(\.key).sorted() == ["family.dashboard", "family.profiles"])
        let plus = try ExamplePolicies.decide(.lingualeap, [Entitlement(product: Lingualeap.plusMonthly)])
        #expect(plus.unlocked == ["grammar.tips", "lessons.core", "lessons.offline", "vocabulary.review"])
    }

    @Test("The documented example output, for remove-ads alone")
    func specExample() throws {
        let compiled = try ExamplePolicies.compiled(.photocollage)
        let decision = try ExamplePolicies.decide(.photocollage, [Entitlement(product: Photocollage.removeAds)])
        #expect(decision == Decision(
            app: "photocollage", policy: compiled.hash,
            tiers: ["free", "remove-ads"],
            features: ["collage.basic": true, "templates.basic": true, "templates.advanced": false, "cloud-sync": false],
            ads: Decision.Ads(
                enabled: false, reason: "ad-free: remove-ads granted by com.example.photocollage.removeads",
                placements: ["banner.home": false, "interstitial.export": false, "rewarded.templates": false]),
            upsell: [
                "templates.advanced": [Photocollage.yearly, Photocollage.monthly],
                "cloud-sync": [Photocollage.yearly, Photocollage.monthly],
            ],
            explain: [
                "collage.basic": "free: every user has it",
                "templates.basic": "free: every user has it",
                "templates.advanced": "needs premium; granted by premium.monthly, premium.yearly",
                "cloud-sync": "needs premium; granted by premium.monthly, premium.yearly",
            ],
            warnings: []))
        #expect(compiled.hash.hasPrefix("sha256:"))
        #expect(compiled.hash.count == 7 + 64)
    }
}
