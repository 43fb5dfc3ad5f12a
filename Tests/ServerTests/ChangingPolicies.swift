import Foundation
import PolicyCompiler
import PolicyLoader
import PolicyModel
import Server
import Synchronization
import TestSupport
import TollgateEvaluation

/// The example apps as a source whose photocollage policy a test changes: each `change()` gives it another tier
/// title, so another bundle and ETag; `removePhotocollage()` leaves only lingualeap.
final class ChangingPolicies: Sendable {
    private let revision = Mutex<Int?>(0)

    var source: PolicySource {
        PolicySource(
            description: "changing examples",
            fingerprint: { [self] in revision.withLock { $0.map { "r\($0)" } ?? "gone" } },
            load: { [self] () throws(ReloadError) in
                let releases = try ExampleService.releases()
                guard let current = revision.withLock({ $0 }) else {
                    return releases.filter { $0.compiled.app != "photocollage" }
                }
                guard current > 0 else { return releases }
                return try releases.map { release throws(ReloadError) in
                    release.compiled.app == "photocollage" ? try Self.revised(release, current) : release
                }
            })
    }

    /// Changes photocollage's policy; the holder picks it up at its next `reloadIfChanged()`.
    func change() {
        revision.withLock { $0 = ($0 ?? 0) + 1 }
    }

    func removePhotocollage() {
        revision.withLock { $0 = nil }
    }

    /// `release` with the free tier's title ending in `revision`.
    private static func revised(_ release: AppRelease, _ revision: Int) throws(ReloadError) -> AppRelease {
        let file = "Policies/photocollage.yaml"
        let path = Fixtures.repositoryRoot().appendingPathComponent(file).path
        guard let data = FileManager.default.contents(atPath: path) else { throw ReloadError("cannot read \(file)") }
        let text = String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: "{ title: Free }", with: "{ title: Free \(revision) }")
        guard let policy = PolicyLoader.load(Array(text.utf8), file: file).value else {
            throw ReloadError("cannot load the revised \(file)")
        }
        var sources = release.sources
        sources.policy = policy
        do {
            return AppRelease(sources: sources, compiled: try PolicyCompiler.compile(policy))
        } catch {
            throw ReloadError("\(error)")
        }
    }
}
