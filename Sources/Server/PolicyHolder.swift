package import Foundation
import Synchronization
import TollgateEvaluation

/// Holds the snapshot requests read and replaces it when the source changes, checking on its own
/// thread; a change that does not load keeps the good snapshot being served.
///
/// A change that does not load is logged and counted once: the source is not loaded again until its
/// fingerprint changes.
package final class PolicyHolder: Sendable {
    private let source: PolicySource
    private let current = Mutex<ServiceSnapshot?>(nil)
    /// The fingerprint of the sources whose last load failed; nil once a load succeeds.
    private let failedFingerprint = Mutex<String?>(nil)
    private let stopped = Atomic<Bool>(false)
    private let metrics: Metrics
    private let log: @Sendable (String) -> Void
    /// Bundle requests waiting for their app's policy to change.
    package let waiters = BundleWaiters()

    package init(source: PolicySource, metrics: Metrics, log: @escaping @Sendable (String) -> Void) {
        self.source = source
        self.metrics = metrics
        self.log = log
    }

    /// The snapshot to answer from; nil until the first policy loads.
    package var snapshot: ServiceSnapshot? { current.withLock { $0 } }

    /// Loads now if the source changed since the snapshot being served and since the last load that
    /// failed; true when the snapshot was replaced.
    @discardableResult
    package func reloadIfChanged() -> Bool {
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
            let next = ServiceSnapshot(releases: releases, fingerprint: fingerprint)
            current.withLock { $0 = next }
            waiters.snapshotReplaced(by: next)
            failedFingerprint.withLock { $0 = nil }
            metrics.countReload(success: true)
            metrics.setPolicies(next.apps.values.map { ($0.release.compiled.app, $0.release.compiled.hash) })
            log(#"{"event":"reload","result":"ok","apps":\#(next.apps.count)}"#)
            return true
        } catch {
            failedFingerprint.withLock { $0 = fingerprint }
            metrics.countReload(success: false)
            log(#"{"event":"reload","result":"failed","error":\#(JSONWriter.quoted(error.description))}"#)
            return false
        }
    }

    /// Checks the source every `interval` seconds on a thread of its own, until `stop()`.
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
