import Foundation
import TollgateEvaluation

/// Small bundles built in code, for tests that need no service.
enum TestBundles {
    /// A valid bundle of `app`; `title` changes its content, and so its hash.
    static func bundle(app: String = "demo", title: String = "Pro") -> PolicyBundle {
        PolicyBundle(
            app: app, bundleID: "com.example.\(app)",
            tiers: [.init(id: "free", title: "Free", adFree: false, includes: []),
                    .init(id: "pro", title: title, adFree: true, includes: [])],
            features: [.init(id: "export", title: "Export", tier: "pro")],
            products: [.init(id: "com.example.\(app).pro", type: .nonConsumable, grants: ["pro"], group: nil, period: nil,
                             prices: ["USD": "4.99"])],
            entitlements: .init(grants: [.active, .gracePeriod], unknown: .cached),
            ads: .init(hideUntilSynced: false, requireConsent: false, placements: ["feed"]))
    }

    /// `bundle()` with a placement, `onboarding`, whose only audience is the running experiment `split`: variants
    /// `a` and `b`, half the users each, neither showing a paywall.
    static func experimentBundle(app: String = "demo") -> PolicyBundle {
        var bundle = bundle(app: app)
        bundle.placements = [.init(id: "onboarding", audiences: [.init(id: "everyone", when: nil, paywall: nil,
                                                                          experiment: "split")])]
        bundle.experiments = [.init(id: "split", seed: "split-seed", status: .running, winner: nil,
                                    variants: [.init(id: "a", paywall: nil, weight: 50),
                                               .init(id: "b", paywall: nil, weight: 50)])]
        bundle.policy = bundle.contentHash
        return bundle
    }

    /// The bytes a service sends for `bundle`, and its ETag.
    static func served(_ bundle: PolicyBundle) -> (body: Data, etag: String) {
        (bundle.canonicalJSON, "\"\(bundle.policy)\"")
    }

    /// `bundle`'s bytes with one value changed and its `policy` hash left as it was.
    static func tampered(_ bundle: PolicyBundle) -> Data {
        let text = String(decoding: bundle.canonicalJSON, as: UTF8.self)
        return Data(text.replacingOccurrences(of: "\"4.99\"", with: "\"0.99\"").utf8)
    }
}
