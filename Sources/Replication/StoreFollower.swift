package import Foundation
import JSON
package import Server
package import Store
import Synchronization
import TollgateEvaluation

/// Keeps a holder serving what a store's channel points at, on a thread of its own: it reads the
/// channel's pointers, loads only the apps whose hash changed, and heartbeats in the store's replica
/// registry.
///
/// A store with a change feed (PostgreSQL) wakes it when a publish or rollback commits; the pointers are
/// read again after every notification, after every reconnect (notifications sent meanwhile are lost),
/// and every `backstopInterval`. A store without one (SQLite) is polled every `pollInterval`. A store
/// that stops answering leaves the last good snapshot served; the follower reconnects with backoff and
/// logs one line per change of state: `waiting` (never reached yet), `connected`, `lost`, `reconnected`.
package final class StoreFollower: Sendable {
    /// What to follow and how often.
    package struct Settings: Sendable {
        /// The store as log lines name it, without a password.
        package var storeName: String
        package var channel: String
        /// Opens a new connection to the store.
        package var open: @Sendable (StoreMode) throws(StoreError) -> any PolicyStore
        /// Prepares a published snapshot for serving.
        package var release: @Sendable (Snapshot) throws(ReloadError) -> AppRelease
        /// This replica as the registry lists it; its apps are filled in at each heartbeat.
        package var replica: Replica
        /// How often a store without a change feed is read.
        package var pollInterval: TimeInterval = 0.5
        /// How often a store with a change feed is read anyway, in case a notification went astray.
        package var backstopInterval: TimeInterval = 30
        package var heartbeatInterval: TimeInterval = 5
        package var backoff = Backoff()
        /// The time a store stopped answering, and the time it answered again.
        package var now: @Sendable () -> Date = { Date() }

        package init(storeName: String, channel: String,
                     open: @escaping @Sendable (StoreMode) throws(StoreError) -> any PolicyStore,
                     release: @escaping @Sendable (Snapshot) throws(ReloadError) -> AppRelease, replica: Replica) {
            self.storeName = storeName
            self.channel = channel
            self.open = open
            self.release = release
            self.replica = replica
        }
    }

    private let holder: PolicyHolder
    private let settings: Settings
    private let log: @Sendable (String) -> Void
    private let stopped = Atomic<Bool>(false)
    /// Signalled by `stop()` to cut a pause short.
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Whether an empty channel was reported, so it is reported once.
    private let reportedEmpty = Atomic<Bool>(false)
    /// Whether the store ever answered: a later failure is `lost`, an earlier one `waiting`.
    private let everReached = Atomic<Bool>(false)

    package init(holder: PolicyHolder, settings: Settings, log: @escaping @Sendable (String) -> Void) {
        self.holder = holder
        self.settings = settings
        self.log = log
    }

    /// Starts following, and returns once the store has answered and its policies loaded, or once it did
    /// not answer, or after `timeout` seconds.
    package func start(waitingUpTo timeout: TimeInterval) {
        let firstAttempt = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            follow(firstAttempt: firstAttempt)
            finished.signal()
        }
        thread.name = "tollgate-store"
        thread.start()
        _ = firstAttempt.wait(timeout: .now() + timeout)
    }

    /// Stops following and deregisters the replica, waiting up to `timeout` seconds for it.
    package func stop(waitingUpTo timeout: TimeInterval = 3) {
        stopped.store(true, ordering: .relaxed)
        wake.signal()
        _ = finished.wait(timeout: .now() + timeout)
    }

    private var isStopped: Bool { stopped.load(ordering: .relaxed) }

    // MARK: The thread

    private func follow(firstAttempt: DispatchSemaphore) {
        var random = SystemRandomNumberGenerator()
        var backoff = settings.backoff
        var reader: (any PolicyStore)?
        var feed: (any ChangeFeed)?
        var heartbeat = Heartbeat()
        var nextBackstop = ContinuousClock.now
        defer { heartbeat.deregister(settings) }
        while !isStopped {
            guard let store = reader else {
                do {
                    let store = try settings.open(.read)
                    // Listening before reading: a change committed in between rings the new feed.
                    feed = try store.changeFeed()
                    reachable()
                    try refresh(store)
                    reader = store
                    backoff.reset()
                    nextBackstop = .now + .seconds(settings.backstopInterval)
                } catch {
                    feed = nil
                    unreachable(error)
                    firstAttempt.signal()
                    pause(backoff.next(using: &random))
                    continue
                }
                firstAttempt.signal()
                heartbeat.beat(settings, serving: holder.snapshot, log: log)
                continue
            }
            do {
                if let feed {
                    let rang = try feed.wait(timeout: .seconds(min(0.5, settings.backstopInterval)))
                    if !rang.isEmpty || ContinuousClock.now >= nextBackstop {
                        try refresh(store)
                        nextBackstop = .now + .seconds(settings.backstopInterval)
                    }
                } else {
                    pause(settings.pollInterval)
                    guard !isStopped else { break }
                    try refresh(store)
                }
            } catch {
                reader = nil
                feed = nil
                heartbeat.disconnect()
                unreachable(error)
                continue
            }
            if heartbeat.isDue(settings, serving: holder.snapshot) {
                heartbeat.beat(settings, serving: holder.snapshot, log: log)
            }
        }
    }

    /// Reads the channel's pointers and loads the apps whose hash changed.
    private func refresh(_ store: any PolicyStore) throws(StoreError) {
        let pointers = try store.pointers(channel: settings.channel)
        var loaded: [String: Result<AppRelease, ReloadError>] = [:]
        let served = pointers.map { AppPointer(app: $0.app, version: $0.version, hash: $0.hash) }
        for pointer in served where holder.needsLoad(pointer) {
            let snapshot = try store.snapshot(app: pointer.app, reference: String(pointer.version))
            loaded[pointer.app] = Result { () throws(ReloadError) in try settings.release(snapshot) }
        }
        if pointers.isEmpty, holder.snapshot == nil, !reportedEmpty.exchange(true, ordering: .relaxed) {
            holder.failed(ReloadError("nothing is published on channel \(settings.channel) of \(settings.storeName)"))
        }
        holder.update(to: served, loaded: loaded)
    }

    /// Sleeps `seconds`, or less when stopped.
    private func pause(_ seconds: TimeInterval) {
        _ = wake.wait(timeout: .now() + seconds)
    }

    // MARK: State changes

    private func reachable() {
        let previous = holder.store
        guard previous != .reachable else { return }
        if everReached.exchange(true, ordering: .relaxed), case .unreachable(let since, _) = previous {
            let seconds = (settings.now().timeIntervalSince(since) * 10).rounded() / 10
            logState("reconnected") { $0.member("down_seconds") { $0.number(seconds) } }
        } else {
            logState("connected")
        }
        holder.setStore(.reachable)
    }

    private func unreachable(_ error: StoreError) {
        holder.countStoreFailure()
        if case .unreachable = holder.store { return }
        let reason = error.description
        holder.setStore(.unreachable(since: settings.now(), error: reason))
        logState(everReached.load(ordering: .relaxed) ? "lost" : "waiting") { $0.member("error") { $0.string(reason) } }
    }

    private func logState(_ state: String, _ details: (inout JSONWriter.Members) -> Void = { _ in }) {
        log(LogLine.event("store") { line in
            line.member("state") { $0.string(state) }
            line.member("store") { $0.string(settings.storeName) }
            details(&line)
        })
    }
}

/// The replica's heartbeats, on a connection of their own opened to write: a heartbeat that fails is
/// logged once (a read-only SQLite file serves all the same) and tried again at the next one.
private struct Heartbeat {
    private var writer: (any PolicyStore)?
    private var last: ContinuousClock.Instant?
    /// The snapshot the last heartbeat reported.
    private var reported: ServiceSnapshot?
    /// Whether the last heartbeat succeeded; nil before the first.
    private var succeeded: Bool?

    /// Whether a heartbeat is due: the interval passed, or the snapshot changed since the last one.
    func isDue(_ settings: StoreFollower.Settings, serving snapshot: ServiceSnapshot?) -> Bool {
        guard let last else { return true }
        return snapshot !== reported || ContinuousClock.now >= last + .seconds(settings.heartbeatInterval)
    }

    mutating func beat(_ settings: StoreFollower.Settings, serving snapshot: ServiceSnapshot?,
                       log: @Sendable (String) -> Void) {
        last = .now
        reported = snapshot
        var replica = settings.replica
        replica.apps = (snapshot?.apps.values.map(\.release) ?? []).compactMap { release in
            release.version.map { ChannelPointer(app: release.compiled.app, version: $0, hash: release.compiled.hash) }
        }.sorted { $0.app < $1.app }
        do throws(StoreError) {
            let store = if let writer { writer } else { try settings.open(.write) }
            writer = store
            try store.heartbeat(replica)
            if succeeded != true {
                log(LogLine.event("heartbeat") { line in
                    line.member("state") { $0.string("ok") }
                    line.member("replica") { $0.string(replica.id) }
                })
            }
            succeeded = true
        } catch {
            writer = nil
            if succeeded != false {
                log(LogLine.event("heartbeat") { line in
                    line.member("state") { $0.string("failing") }
                    line.member("replica") { $0.string(replica.id) }
                    line.member("error") { $0.string(error.description) }
                })
            }
            succeeded = false
        }
    }

    /// Forgets the connection, after the store stopped answering.
    mutating func disconnect() {
        writer = nil
    }

    /// Removes the replica from the registry, as it stops.
    func deregister(_ settings: StoreFollower.Settings) {
        guard succeeded == true, let store = writer ?? (try? settings.open(.write)) else { return }
        try? store.deregister(replica: settings.replica.id)
    }
}
