package import Foundation
import JSON
import Synchronization
import TollgateEvaluation

/// Holds the snapshot requests read and replaces it when the policies change; a change that does not
/// load keeps the good snapshot being served.
///
/// Two ways in: a folder source (`PolicySource`) is checked whole by `reloadIfChanged()`; a store's
/// channel is fed app by app (by Replication's `StoreFollower`) through `update(to:loaded:)`, which keeps
/// the prepared apps whose hash did not change. A change that does not load is logged and counted once: it is not
/// loaded again until it changes.
package final class PolicyHolder: Sendable {
    private let source: PolicySource?
    private let current = Mutex<ServiceSnapshot?>(nil)
    /// The fingerprint of the folder sources whose last load failed; nil once a load succeeds.
    private let failedFingerprint = Mutex<String?>(nil)
    /// For a store: the hash of each app whose last load failed.
    private let failedHashes = Mutex<[String: String]>([:])
    /// Whether the store answers; nil when the policies come from a folder.
    private let storeStatus = Mutex<StoreStatus?>(nil)
    private let stopped = Atomic<Bool>(false)
    private let metrics: Metrics
    private let log: @Sendable (String) -> Void
    /// Bundle requests waiting for their app's policy to change.
    package let waiters = BundleWaiters()

    /// A holder of the policies `source` loads whole.
    package init(source: PolicySource, metrics: Metrics, log: @escaping @Sendable (String) -> Void) {
        self.source = source
        self.metrics = metrics
        self.log = log
    }

    /// A holder fed by a store, empty until the store answers.
    package init(metrics: Metrics, log: @escaping @Sendable (String) -> Void) {
        source = nil
        self.metrics = metrics
        self.log = log
    }

    /// The snapshot to answer from; nil until the first policy loads.
    package var snapshot: ServiceSnapshot? { current.withLock { $0 } }

    /// Whether the store answers; nil when the policies come from a folder.
    package var store: StoreStatus? { storeStatus.withLock { $0 } }

    /// Loads the folder source now if it changed since the snapshot being served and since the last load
    /// that failed; true when the snapshot was replaced.
    @discardableResult
    package func reloadIfChanged() -> Bool {
        guard let source else { return false }
        let fingerprint = source.fingerprint()
        let served = snapshot?.fingerprint
        let alreadyTried = failedFingerprint.withLock { failed in
            // Back at what is served: a later return to the failed sources is a new change.
            if fingerprint == served { failed = nil }
            return fingerprint == served || fingerprint == failed
        }
        guard !alreadyTried else { return false }
        do {
            let releases = try source.load()
            failedFingerprint.withLock { $0 = nil }
            replace(with: ServiceSnapshot(releases: releases, fingerprint: fingerprint), changed: nil)
            return true
        } catch {
            failedFingerprint.withLock { $0 = fingerprint }
            failed(error)
            return false
        }
    }

    /// Whether the app `pointer` names must be loaded: it is not served at that hash, and its last load
    /// at that hash did not fail.
    package func needsLoad(_ pointer: AppPointer) -> Bool {
        guard snapshot?.apps[pointer.app]?.release.compiled.hash != pointer.hash else { return false }
        return failedHashes.withLock { $0[pointer.app] } != pointer.hash
    }

    /// Serves what `pointers` name: an app served at the same hash keeps its prepared answers, an app in
    /// `loaded` replaces its older version, and one that failed to load keeps its older version. True
    /// when the snapshot was replaced.
    @discardableResult
    package func update(to pointers: [AppPointer], loaded: [String: Result<AppRelease, ReloadError>]) -> Bool {
        let served = snapshot?.apps ?? [:]
        var apps: [String: AppService] = [:]
        var changed: [String] = []
        for pointer in pointers {
            let old = served[pointer.app]
            if old?.release.compiled.hash == pointer.hash {
                apps[pointer.app] = old
                failedHashes.withLock { $0[pointer.app] = nil }
                continue
            }
            switch loaded[pointer.app] {
            case .success(let release):
                apps[pointer.app] = AppService(release)
                changed.append(pointer.app)
                failedHashes.withLock { $0[pointer.app] = nil }
            case .failure(let error):
                apps[pointer.app] = old
                let news = failedHashes.withLock { failed in
                    defer { failed[pointer.app] = pointer.hash }
                    return failed[pointer.app] != pointer.hash
                }
                if news { failed(ReloadError("version \(pointer.version) of \(pointer.app): \(error)")) }
            case nil:
                apps[pointer.app] = old
            }
        }
        let removed = served.keys.filter { apps[$0] == nil }
        guard !apps.isEmpty, !changed.isEmpty || !removed.isEmpty else { return false }
        let fingerprint = pointers.map { "\($0.app)=\($0.hash)" }.joined(separator: ",")
        replace(with: ServiceSnapshot(apps: apps, fingerprint: fingerprint), changed: (changed + removed).sorted())
        return true
    }

    /// Counts an attempt to reach or read the store that failed, for `/metrics`: each retry while it is down.
    package func countStoreFailure() {
        metrics.countStoreFailure()
    }

    /// Records whether the store answers, for `/readyz` and `/metrics`.
    package func setStore(_ status: StoreStatus) {
        storeStatus.withLock { $0 = status }
        metrics.setStoreUp(status == .reachable)
    }

    /// Logs and counts a load that did not replace the snapshot.
    package func failed(_ error: ReloadError) {
        metrics.countReload(success: false)
        log(LogLine.event("reload") { line in
            line.member("result") { $0.string("failed") }
            line.member("error") { $0.string(error.description) }
        })
    }

    /// The one place the snapshot being served is swapped; `changed` names the apps that changed, when known.
    private func replace(with next: ServiceSnapshot, changed: [String]?) {
        current.withLock { $0 = next }
        waiters.snapshotReplaced(by: next)
        metrics.countReload(success: true)
        metrics.setPolicies(next.apps.values.map { $0.release })
        log(LogLine.event("reload") { line in
            line.member("result") { $0.string("ok") }
            line.member("apps") { $0.integer(next.apps.count) }
            if let changed { line.member("changed") { $0.array(changed) } }
        })
    }

    /// Checks the folder source every `interval` seconds on a thread of its own, until `stop()`.
    package func watch(every interval: TimeInterval) {
        let thread = Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                Thread.sleep(forTimeInterval: interval)
                reloadIfChanged()
            }
        }
        thread.name = "tollgate-reload"
        thread.start()
    }

    package func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}

/// Whether the store behind a replica answers.
package enum StoreStatus: Hashable, Sendable {
    case reachable
    /// Not since `since`, for the reason `error` gives.
    case unreachable(since: Date, error: String)
}
