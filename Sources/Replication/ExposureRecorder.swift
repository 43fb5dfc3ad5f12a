import Foundation
import JSON
package import Server
package import Store
import Synchronization
package import TollgateEvaluation

/// The exposures the router reports, buffered in memory and written to the store in batches by a thread of the
/// recorder's own, so that no answer waits for the store: at least every `interval`, and as soon as a batch is
/// full. While the store does not answer, writes are retried after `Backoff`'s delays and the buffer holds at
/// most `limit` exposures; those beyond are dropped and counted (`tollgate_exposures_dropped_total`).
///
/// An exposure already buffered (same app, experiment, seed, variant and user) is not buffered again; the store
/// keeps the first of each user however often it is written. `stop()` writes what is held.
package final class ExposureRecorder: ExposureSink {
    /// How the recorder batches and retries.
    package struct Settings: Sendable {
        /// The most exposures one write holds; a full batch is written at once.
        package var batchSize = 1_000
        /// The most exposures held while the store does not answer.
        package var limit = 100_000
        /// The longest an exposure waits before it is written, in seconds.
        package var interval = 1.0
        /// The delays between attempts while writing fails.
        package var backoff = Backoff(first: 0.1, cap: 5)
        /// How long `stop()` keeps trying to write what is held, in seconds.
        package var stopWait = 5.0

        package init() {}
    }

    /// What makes a buffered exposure the same as another.
    private struct Key: Hashable {
        var app: String
        var experiment: String
        var seed: String
        var variant: String
        var user: String

        init(_ exposure: Exposure) {
            app = exposure.app
            experiment = exposure.experiment
            seed = exposure.seed
            variant = exposure.variant
            user = exposure.user
        }
    }

    private struct State {
        /// Exposures not written yet from `head` on, oldest first; a write takes the first of them, and new ones
        /// go at the end. Written ones are removed once they are half the array, so that no write moves the rest.
        var pending: [Exposure] = []
        var head = 0
        var keys: Set<Key> = []
        /// Whether the last write failed: a full batch then waits for the next attempt.
        var failing = false
        var stopping = false

        var held: Int { pending.count - head }
    }

    private let settings: Settings
    private let metrics: Metrics
    private let log: @Sendable (String) -> Void
    private let write: @Sendable ([Exposure]) throws(StoreError) -> Void
    private let state = Mutex(State())
    /// Signalled when a batch is full or `stop()` is called.
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// A recorder that writes with `write` (one transaction per batch), counting in `metrics`; starts its thread.
    package init(settings: Settings = Settings(), metrics: Metrics, log: @escaping @Sendable (String) -> Void,
                 write: @escaping @Sendable ([Exposure]) throws(StoreError) -> Void) {
        self.settings = settings
        self.metrics = metrics
        self.log = log
        self.write = write
        Thread { [self] in run() }.start()
    }

    /// A write to the store at `location`, on a connection opened at the first batch and again after a failure.
    /// Its commits do not wait for the disk: a power cut may lose the last batches written, as any crash loses
    /// the exposures still held; the store stays consistent.
    package static func writer(to location: StoreLocation) -> @Sendable ([Exposure]) throws(StoreError) -> Void {
        let connection = ExposureConnection(location: location, waitsForDisk: false)
        return { (batch) throws(StoreError) in
            try connection.with { (store) throws(StoreError) in try store.recordExposures(batch) }
        }
    }

    package func expose(app: String, experiment: String, seed: String, variant: String, user: String, time: Timestamp,
                        policy: String) {
        let exposure = Exposure(app: app, experiment: experiment, seed: seed, variant: variant, user: user, time: time,
                                policy: policy)
        let key = Key(exposure)
        let (dropped, full) = state.withLock { state -> (Bool, Bool) in
            guard !state.stopping, state.held < settings.limit else { return (true, false) }
            guard state.keys.insert(key).inserted else { return (false, false) }
            state.pending.append(exposure)
            return (false, !state.failing && state.held % settings.batchSize == 0)
        }
        if dropped { metrics.countExposuresDropped(1) }
        if full { wake.signal() }
    }

    /// The exposures held, not written yet.
    package var held: Int { state.withLock { $0.held } }

    /// Stops taking exposures, writes those held (trying for up to `stopWait` while the store does not answer;
    /// what is still held then is dropped and counted), and ends the thread.
    package func stop() {
        let first = state.withLock { state in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        wake.signal()
        finished.wait()
    }

    /// The thread: writes what is held at each wake, waiting `interval` after a success and the backoff's delay
    /// after a failure; at stop, writes the rest.
    private func run() {
        var backoff = settings.backoff
        var generator = SystemRandomNumberGenerator()
        var delay = settings.interval
        while !state.withLock({ $0.stopping }) {
            _ = wake.wait(timeout: .now() + delay)
            if writeHeld() {
                backoff.reset()
                delay = settings.interval
            } else {
                delay = backoff.next(using: &generator)
            }
        }
        let deadline = Date().addingTimeInterval(settings.stopWait)
        while !writeHeld(), Date() < deadline {
            Thread.sleep(forTimeInterval: min(backoff.next(using: &generator), max(0, deadline.timeIntervalSinceNow)))
        }
        let left = state.withLock { state in
            defer {
                state.pending = []
                state.head = 0
                state.keys = []
            }
            return state.held
        }
        if left > 0 {
            metrics.countExposuresDropped(left)
            log(LogLine.event("exposures") { line in
                line.member("message") { $0.string("stopped with \(left) exposures the store did not take") }
            })
        }
        finished.signal()
    }

    /// Writes the held exposures batch by batch until none is left or a write fails; whether none failed.
    private func writeHeld() -> Bool {
        while true {
            let batch = state.withLock { state in
                Array(state.pending[state.head..<min(state.head + settings.batchSize, state.pending.count)])
            }
            guard !batch.isEmpty else { return true }
            do throws(StoreError) {
                try write(batch)
            } catch {
                let (first, held) = state.withLock { state in
                    defer { state.failing = true }
                    return (!state.failing, state.held)
                }
                if first {
                    log(LogLine.event("exposures") { line in
                        line.member("message") { $0.string("cannot write exposures, holding \(held): \(error)") }
                    })
                }
                return false
            }
            let recovered = state.withLock { state in
                // Only appends happened meanwhile: the batch is still the first of those held.
                state.head += batch.count
                if state.head * 2 >= state.pending.count {
                    state.pending.removeFirst(state.head)
                    state.head = 0
                }
                for exposure in batch { state.keys.remove(Key(exposure)) }
                defer { state.failing = false }
                return state.failing
            }
            metrics.countExposuresRecorded(batch.count)
            if recovered {
                log(LogLine.event("exposures") { line in
                    line.member("message") { $0.string("writing exposures again") }
                })
            }
        }
    }
}
