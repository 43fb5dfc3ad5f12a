import Foundation
import Testing
@testable import TollgateEvaluation

/// One ads decision: the input, whether ads show and the exact reason.
struct AdsCase: Sendable, CustomTestStringConvertible {
    var name: String
    var example: Example
    var entitlements: [Entitlement] = []
    var synced = true
    var consent: Consent
    var enabled: Bool
    var reason: String

    var testDescription: String { "\(example): \(name)" }
}

@Suite("ads: enabled, reason and placements")
struct AdsDecisionTests {
    static let shown = "ads shown: no ad-free tier held"
    static let notSynced = "not synced: ads stay hidden until the store answers"

    static let cases: [AdsCase] = [
        // photocollage: hide_until_synced and require_consent.
        AdsCase(name: "no purchase, consent granted", example: .photocollage, consent: .granted, enabled: true, reason: shown),
        AdsCase(name: "no purchase, consent denied", example: .photocollage, consent: .denied, enabled: false,
                reason: "consent denied: ads need the user's consent"),
        AdsCase(name: "no purchase, consent unknown", example: .photocollage, consent: .unknown, enabled: false,
                reason: "consent unknown: ads need the user's consent"),
        AdsCase(name: "not synced", example: .photocollage, synced: false, consent: .granted, enabled: false,
                reason: notSynced),
        AdsCase(name: "not synced, consent denied: not synced is said first", example: .photocollage, synced: false,
                consent: .denied, enabled: false, reason: notSynced),
        AdsCase(name: "remove-ads", example: .photocollage, entitlements: [Entitlement(product: Photocollage.removeAds)],
                consent: .granted, enabled: false,
                reason: "ad-free: remove-ads granted by com.example.photocollage.removeads"),
        AdsCase(name: "remove-ads, consent denied: ad-free is said first", example: .photocollage,
                entitlements: [Entitlement(product: Photocollage.removeAds)], consent: .denied, enabled: false,
                reason: "ad-free: remove-ads granted by com.example.photocollage.removeads"),
        AdsCase(name: "premium through includes", example: .photocollage,
                entitlements: [Entitlement(product: Photocollage.yearly, state: .gracePeriod)], consent: .granted,
                enabled: false, reason: "ad-free: remove-ads granted by com.example.photocollage.premium.yearly"),
        AdsCase(name: "the first granting entitlement is named", example: .photocollage,
                entitlements: [Entitlement(product: Photocollage.monthly, state: .expired),
                               Entitlement(product: Photocollage.yearly), Entitlement(product: Photocollage.removeAds)],
                consent: .granted, enabled: false,
                reason: "ad-free: remove-ads granted by com.example.photocollage.premium.yearly"),
        AdsCase(name: "coins", example: .photocollage, entitlements: [Entitlement(product: Photocollage.coins)],
                consent: .granted, enabled: true, reason: shown),
        AdsCase(name: "premium in billing retry", example: .photocollage,
                entitlements: [Entitlement(product: Photocollage.monthly, state: .billingRetry)], consent: .granted,
                enabled: true, reason: shown),
        AdsCase(name: "remove-ads pending", example: .photocollage,
                entitlements: [Entitlement(product: Photocollage.removeAds, state: .pending)], consent: .granted,
                enabled: true, reason: shown),
        AdsCase(name: "unknown product", example: .photocollage, entitlements: [Entitlement(product: "ad.free.hack")],
                consent: .granted, enabled: true, reason: shown),
        // lingualeap: require_consent is false; unknown: cached.
        AdsCase(name: "consent denied does not matter", example: .lingualeap, consent: .denied, enabled: true, reason: shown),
        AdsCase(name: "consent unknown does not matter", example: .lingualeap, consent: .unknown, enabled: true, reason: shown),
        AdsCase(name: "not synced", example: .lingualeap, synced: false, consent: .granted, enabled: false, reason: notSynced),
        AdsCase(name: "not synced, plus cached", example: .lingualeap,
                entitlements: [Entitlement(product: Lingualeap.plusMonthly)], synced: false, consent: .granted,
                enabled: false, reason: notSynced),
        AdsCase(name: "exam pass", example: .lingualeap, entitlements: [Entitlement(product: Lingualeap.examPass)],
                consent: .denied, enabled: false, reason: "ad-free: exam-prep granted by com.example.lingualeap.exam.pass"),
        AdsCase(name: "pro: the first ad-free tier in policy order is named", example: .lingualeap,
                entitlements: [Entitlement(product: Lingualeap.proWeekly)], consent: .granted, enabled: false,
                reason: "ad-free: plus granted by com.example.lingualeap.pro.weekly"),
        AdsCase(name: "speaking reviews", example: .lingualeap, entitlements: [Entitlement(product: Lingualeap.reviews)],
                consent: .granted, enabled: true, reason: shown),
        // photocollage with hide_until_synced: false.
        AdsCase(name: "not synced, consent granted", example: .photocollageAdsBeforeSync, synced: false,
                consent: .granted, enabled: true,
                reason: "ads shown: no ad-free tier held (store not synced; hide_until_synced is off)"),
        AdsCase(name: "not synced, consent denied", example: .photocollageAdsBeforeSync, synced: false, consent: .denied,
                enabled: false, reason: "consent denied: ads need the user's consent"),
        AdsCase(name: "not synced, remove-ads listed but unknown: deny", example: .photocollageAdsBeforeSync,
                entitlements: [Entitlement(product: Photocollage.removeAds)], synced: false, consent: .granted,
                enabled: true, reason: "ads shown: no ad-free tier held (store not synced; hide_until_synced is off)"),
        // photocollage with unknown: grant — the listed purchase counts, but ads still wait for the store.
        AdsCase(name: "not synced, remove-ads listed", example: .photocollageGrant,
                entitlements: [Entitlement(product: Photocollage.removeAds)], synced: false, consent: .granted,
                enabled: false, reason: notSynced),
    ]

    @Test("enabled, reason and every placement", arguments: cases)
    func ads(_ testCase: AdsCase) throws {
        let decision = try ExamplePolicies.decide(testCase.example, testCase.entitlements, synced: testCase.synced,
                                                  consent: testCase.consent)
        #expect(decision.ads.enabled == testCase.enabled)
        #expect(decision.ads.reason == testCase.reason)
        let placements = try ExamplePolicies.compiled(testCase.example).bundle.ads.placements
        #expect(decision.ads.placements == Dictionary(uniqueKeysWithValues: placements.map { ($0, testCase.enabled) }))

        let access = try ExamplePolicies.evaluator(testCase.example)
            .access(testCase.entitlements, synced: testCase.synced, consent: testCase.consent, now: ExamplePolicies.now)
        #expect(access.adsEnabled == testCase.enabled)
        for placement in placements {
            #expect(access.showsAds(at: placement) == testCase.enabled, "\(placement)")
        }
        #expect(!access.showsAds(at: "banner.nowhere"))
    }

    @Test("the placements are the policy's", arguments: [
        (Example.photocollage, Photocollage.placements), (.lingualeap, Lingualeap.placements),
    ])
    func placements(_ example: Example, _ expected: [String]) throws {
        let decision = try ExamplePolicies.decide(example, [])
        #expect(decision.ads.placements.keys.sorted() == expected.sorted())
        #expect(try ExamplePolicies.compiled(example).bundle.ads.placements == expected)
    }

    /// Every combination of sync, consent and holding an ad-free tier, against the formula itself.
    struct FormulaCase: Sendable, CustomTestStringConvertible {
        var example: Example
        var synced: Bool
        var consent: Consent
        var adFree: Bool

        var testDescription: String {
            "\(example) \(synced ? "synced" : "unsynced") consent \(consent.rawValue)\(adFree ? " ad-free" : "")"
        }
    }

    static let formulaCases: [FormulaCase] = Example.allCases.flatMap { example in
        [true, false].flatMap { synced in
            Consent.allCases.flatMap { consent in
                [true, false].map { FormulaCase(example: example, synced: synced, consent: consent, adFree: $0) }
            }
        }
    }

    @Test("enabled = (synced or not hide_until_synced) and no ad-free tier and (consent granted or not require_consent)",
          arguments: formulaCases)
    func formula(_ testCase: FormulaCase) throws {
        let bundle = try ExamplePolicies.compiled(testCase.example).bundle
        let rules = bundle.ads
        let adFreeProduct = testCase.example == .lingualeap ? Lingualeap.plusYearly : Photocollage.removeAds
        let decision = try ExamplePolicies.decide(
            testCase.example, testCase.adFree ? [Entitlement(product: adFreeProduct)] : [], synced: testCase.synced,
            consent: testCase.consent)
        // Unsynced under `unknown: deny` the purchase does not count, so no ad-free tier is held.
        let holdsAdFree = decision.tiers.contains { $0 == "remove-ads" || $0 == "plus" }
        #expect(holdsAdFree == (testCase.adFree && (testCase.synced || bundle.entitlements.unknown != .deny)))
        let expected = (testCase.synced || !rules.hideUntilSynced) && !holdsAdFree
            && (testCase.consent == .granted || !rules.requireConsent)
        #expect(decision.ads.enabled == expected)
        #expect(decision.ads.placements.values.allSatisfy { $0 == expected })
    }
}
