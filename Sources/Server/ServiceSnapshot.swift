package import Customers
import Foundation
package import PolicyModel
import Rendering
import Synchronization
package import TollgateEvaluation

/// One app as the service serves it: its sources, its compiled policy and bundle, its renderer.
package struct AppRelease: Sendable {
    package var sources: AppSources
    package var compiled: CompiledPolicy
    /// The published version, when served from the store.
    package var version: Int?

    package init(sources: AppSources, compiled: CompiledPolicy, version: Int? = nil) {
        self.sources = sources
        self.compiled = compiled
        self.version = version
    }
}

/// Everything requests read, immutable: built off the request path and swapped whole on reload, so a
/// request in flight finishes on the snapshot it started with.
package final class ServiceSnapshot: Sendable {
    package let apps: [String: AppService]
    /// What the customer routes need of each app's policy.
    package var customerPolicies: [CustomerPolicy] { apps.keys.sorted().compactMap { apps[$0]?.customerPolicy } }
    /// The fingerprint of the sources this snapshot was built from.
    package let fingerprint: String

    package convenience init(releases: [AppRelease], fingerprint: String) {
        self.init(apps: Dictionary(releases.map { ($0.compiled.app, AppService($0)) }) { first, _ in first },
                  fingerprint: fingerprint)
    }

    /// A snapshot of prepared apps, some of which an earlier snapshot may still serve.
    init(apps: [String: AppService], fingerprint: String) {
        self.apps = apps
        self.fingerprint = fingerprint
    }
}

/// One app's prepared answers: the evaluator, the bundle bytes and ETag, the renderer and its formatters.
package final class AppService: Sendable {
    package let release: AppRelease
    let evaluator: Evaluator
    let bundle: [UInt8]
    /// The bundle's identity as an HTTP entity tag.
    let etag: String
    let renderer: PaywallRenderer
    /// What the customer routes need of the policy.
    let customerPolicy: CustomerPolicy
    /// Each experiment's seed, by experiment id: what an exposure is recorded under.
    let seeds: [String: String]
    /// ICU formatters opened for a locale and currency, kept for later requests.
    private let formats = Mutex<[String: LocaleFormats]>([:])

    init(_ release: AppRelease) {
        self.release = release
        evaluator = Evaluator(policy: release.compiled)
        bundle = [UInt8](release.compiled.bundle.canonicalJSON)
        etag = "\"\(release.compiled.hash)\""
        renderer = PaywallRenderer(sources: release.sources)
        customerPolicy = CustomerPolicy(release)
        seeds = Dictionary(release.compiled.bundle.experiments.map { ($0.id, $0.seed) }) { first, _ in first }
    }

    /// The formatters of `locale` for `currency`, opened on first use.
    func formats(locale: String, currency: String) throws(ICUError) -> LocaleFormats {
        let key = "\(locale) \(currency)"
        if let cached = formats.withLock({ $0[key] }) { return cached }
        let opened = try LocaleFormats(locale: locale, currency: currency)
        formats.withLock { cache in
            if cache.count < 512 { cache[key] = opened }
        }
        return opened
    }
}

/// Where the service's policies come from: a folder of files, or a store's channel.
package struct PolicySource: Sendable {
    /// What is served, in words: "Policies/ and Templates/ in /srv", "channel production of store.sqlite".
    package var description: String
    /// A cheap value that changes whenever the policies do (file times and sizes, the channel's hashes).
    package var fingerprint: @Sendable () -> String
    /// Loads, validates and compiles every app; throws a sentence when anything has an error.
    package var load: @Sendable () throws(ReloadError) -> [AppRelease]

    package init(description: String, fingerprint: @escaping @Sendable () -> String,
                 load: @escaping @Sendable () throws(ReloadError) -> [AppRelease]) {
        self.description = description
        self.fingerprint = fingerprint
        self.load = load
    }
}

/// Why a reload did not replace the policy being served.
package struct ReloadError: Error, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
