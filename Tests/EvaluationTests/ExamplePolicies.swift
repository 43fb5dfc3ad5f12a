import Diagnostics
import Foundation
import PolicyCompiler
import PolicyLoader
import PolicyModel
import TestSupport
import Testing
@testable import TollgateEvaluation

/// The example apps of `Policies/`, and variants of their text that switch one setting.
enum Example: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case photocollage
    case lingualeap
    /// photocollage with `unknown: grant`: before the store answers, every listed purchase counts.
    case photocollageGrant
    /// photocollage with `hide_until_synced: false`: ads may show before the store answers.
    case photocollageAdsBeforeSync

    /// The file under `Policies/` the example is read from.
    var file: String {
        switch self {
        case .photocollage, .photocollageGrant, .photocollageAdsBeforeSync: "photocollage"
        case .lingualeap: "lingualeap"
        }
    }

    /// Text edits applied to the file, each of which must match exactly once.
    var edits: [(String, String)] {
        switch self {
        case .photocollage, .lingualeap: []
        case .photocollageGrant: [("unknown: deny", "unknown: grant")]
        case .photocollageAdsBeforeSync: [("hide_until_synced: true", "hide_until_synced: false")]
        }
    }

    var testDescription: String { rawValue }
}

/// Why an example could not be loaded.
struct ExampleLoadError: Error, CustomStringConvertible {
    var description: String
}

/// Loads, compiles and caches the example policies; every accessor throws instead of trapping.
enum ExamplePolicies {
    /// The moment every test judges `expires` against (the time of the documented evaluation example).
    static let now = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z

    /// The YAML text of an example, with its edits applied.
    static func text(_ example: Example) throws -> String {
        let url = Fixtures.repositoryRoot().appendingPathComponent("Policies/\(example.file).yaml")
        var text = try String(contentsOf: url, encoding: .utf8)
        for (old, new) in example.edits {
            let count = text.components(separatedBy: old).count - 1
            guard count == 1 else {
                throw ExampleLoadError(description: "'\(old)' occurs \(count) times in \(example.file).yaml, expected once")
            }
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    /// Loads policy YAML text; any error diagnostic fails the load.
    static func load(text: String, file: String) throws -> Policy {
        let loaded = PolicyLoader.load(Array(text.utf8), file: file)
        guard let policy = loaded.value, !loaded.hasErrors else {
            throw ExampleLoadError(description: "\(file) did not load: "
                + loaded.diagnostics.map(\.message).joined(separator: "; "))
        }
        return policy
    }

    /// A fresh load of an example, sharing nothing with earlier loads.
    static func policy(_ example: Example) throws -> Policy {
        try load(text: text(example), file: "Policies/\(example.file).yaml")
    }

    private static let cache: [Example: Result<CompiledPolicy, ExampleLoadError>] = Dictionary(
        uniqueKeysWithValues: Example.allCases.map { ($0, build($0)) })

    private static func build(_ example: Example) -> Result<CompiledPolicy, ExampleLoadError> {
        let policy: Policy
        do {
            policy = try self.policy(example)
        } catch let error as ExampleLoadError {
            return .failure(error)
        } catch {
            return .failure(ExampleLoadError(description: "\(example) did not load: \(error)"))
        }
        do {
            return .success(try PolicyCompiler.compile(policy))
        } catch {
            return .failure(ExampleLoadError(description: "\(example) did not compile: \(error)"))
        }
    }

    /// The compiled example, built once per test run.
    static func compiled(_ example: Example) throws -> CompiledPolicy {
        guard let result = cache[example] else { throw ExampleLoadError(description: "no example \(example)") }
        return try result.get()
    }

    static func evaluator(_ example: Example) throws -> Evaluator {
        Evaluator(policy: try compiled(example))
    }

    /// The full decision for `entitlements` at `now`.
    static func decide(_ example: Example, _ entitlements: [Entitlement], synced: Bool = true,
                       consent: Consent = .granted, currency: String? = nil) throws -> Decision {
        try evaluator(example).evaluate(
            EvaluationInput(entitlements: entitlements, synced: synced, consent: consent, now: now, currency: currency),
            now: now)
    }

    /// `now` moved by `seconds`.
    static func at(_ seconds: TimeInterval) -> Date { now.addingTimeInterval(seconds) }
}

/// Product ids of `Policies/photocollage.yaml`.
enum Photocollage {
    static let removeAds = "com.example.photocollage.removeads"
    static let monthly = "com.example.photocollage.premium.monthly"
    static let yearly = "com.example.photocollage.premium.yearly"
    static let coins = "com.example.photocollage.coins.100"
    static let placements = ["banner.home", "interstitial.export", "rewarded.templates"]
    static let premiumFeatures = ["templates.advanced", "cloud-sync"]
    static let freeFeatures = ["collage.basic", "templates.basic"]
}

/// Product ids of `Policies/lingualeap.yaml`.
enum Lingualeap {
    static let familyYearly = "com.example.lingualeap.family.yearly"
    static let proYearly = "com.example.lingualeap.pro.yearly"
    static let proMonthly = "com.example.lingualeap.pro.monthly"
    static let proWeekly = "com.example.lingualeap.pro.weekly"
    static let plusYearly = "com.example.lingualeap.plus.yearly"
    static let plusMonthly = "com.example.lingualeap.plus.monthly"
    static let examPass = "com.example.lingualeap.exam.pass"
    static let reviews = "com.example.lingualeap.reviews.5"
    static let placements = ["interstitial.lesson-complete", "rewarded.streak-repair"]
}

extension Decision {
    /// The ids of the unlocked features, sorted.
    var unlocked: [String] { features.filter(\.value).map(\.key).sorted() }
}

/// Small bundles made by hand, for cases the example apps do not have.
enum HandMade {
    static let monthly = PolicyBundle.Period(months: 1, days: 0)

    /// A product granting `premium` by default, priced per `prices`.
    static func product(_ id: String, _ type: TollgateEvaluation.ProductType = .autoRenewable, grants: [String] = ["premium"],
                        period: PolicyBundle.Period? = monthly, prices: [String: String] = [:]) -> PolicyBundle.Product {
        PolicyBundle.Product(id: id, type: type, grants: grants, group: nil, period: type == .consumable ? nil : period,
                             prices: prices)
    }

    /// Tiers `free` and `premium` (ad-free), one feature `pro.feature` on premium, and `products`.
    static func bundle(products: [PolicyBundle.Product], tiers: [PolicyBundle.Tier]? = nil,
                       features: [PolicyBundle.Feature]? = nil, bundleID: String? = nil) -> PolicyBundle {
        PolicyBundle(
            app: "handmade", bundleID: bundleID,
            tiers: tiers ?? [
                PolicyBundle.Tier(id: "free", title: nil, adFree: false, includes: []),
                PolicyBundle.Tier(id: "premium", title: nil, adFree: true, includes: []),
            ],
            features: features ?? [PolicyBundle.Feature(id: "pro.feature", title: nil, tier: "premium")],
            products: products,
            entitlements: PolicyBundle.EntitlementTable(grants: [.active, .gracePeriod], unknown: .deny),
            ads: PolicyBundle.Ads(hideUntilSynced: true, requireConsent: true, placements: ["banner"]))
    }

    static func decide(_ bundle: PolicyBundle, _ entitlements: [Entitlement] = [], synced: Bool = true,
                       currency: String? = nil) throws -> Decision {
        Evaluator(policy: try CompiledPolicy(bundle)).evaluate(
            EvaluationInput(entitlements: entitlements, synced: synced, consent: .granted, now: ExamplePolicies.now,
                            currency: currency),
            now: ExamplePolicies.now)
    }
}
