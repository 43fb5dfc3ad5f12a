import Synchronization

/// Bundle requests held until their app's bundle changes (a long poll): woken each time `PolicyHolder` replaces
/// the snapshot, with the new snapshot.
package final class BundleWaiters: Sendable {
    private struct Waiter {
        /// The ETag the client has; a snapshot whose app has another one wakes the waiter.
        var etag: String
        var deferred: DeferredResponse
        /// The answer from the snapshot that woke the waiter.
        var changed: @Sendable (ServiceSnapshot) -> HTTPResponse
    }

    private struct State {
        /// The snapshot most recently replaced in, so a waiter that arrives just after a change sees it.
        var latest: ServiceSnapshot?
        var waiters: [String: [Int: Waiter]] = [:]
        var tickets = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// The requests held now.
    package var count: Int { state.withLock { $0.waiters.values.reduce(0) { $0 + $1.count } } }

    /// The gauge of held requests in Prometheus text exposition format 0.0.4.
    func metricsText() -> String {
        "# HELP tollgate_held_requests Bundle requests held until their app's policy changes or their wait ends.\n"
            + "# TYPE tollgate_held_requests gauge\ntollgate_held_requests \(count)\n"
    }

    /// A number naming one waiter, to `hold` and later `release` it.
    func ticket() -> Int {
        state.withLock { state in
            state.tickets += 1
            return state.tickets
        }
    }

    /// Holds `deferred` until a snapshot's `app` has an ETag other than `etag` (or no longer exists), then completes
    /// it with `changed` of that snapshot; at once when the latest snapshot already differs.
    func hold(_ ticket: Int, app: String, etag: String, deferred: DeferredResponse,
              changed: @escaping @Sendable (ServiceSnapshot) -> HTTPResponse) {
        let moved = state.withLock { state -> ServiceSnapshot? in
            if let latest = state.latest, latest.apps[app]?.etag != etag { return latest }
            state.waiters[app, default: [:]][ticket] = Waiter(etag: etag, deferred: deferred, changed: changed)
            return nil
        }
        if let moved { deferred.complete(changed(moved)) }
    }

    /// Forgets a waiter once it is answered, however it was.
    func release(_ ticket: Int, app: String) {
        state.withLock { state in
            state.waiters[app]?[ticket] = nil
            if state.waiters[app]?.isEmpty == true { state.waiters[app] = nil }
        }
    }

    /// Wakes every waiter whose app's bundle differs in `snapshot`, the one now served.
    package func snapshotReplaced(by snapshot: ServiceSnapshot) {
        let woken = state.withLock { state -> [Waiter] in
            state.latest = snapshot
            var woken: [Waiter] = []
            for (app, waiters) in state.waiters {
                let etag = snapshot.apps[app]?.etag
                let moved = waiters.filter { $0.value.etag != etag }
                guard !moved.isEmpty else { continue }
                woken += moved.values
                let staying = waiters.filter { $0.value.etag == etag }
                state.waiters[app] = staying.isEmpty ? nil : staying
            }
            return woken
        }
        for waiter in woken { waiter.deferred.complete(waiter.changed(snapshot)) }
    }
}
