import Foundation
import TollgateEvaluation

/// The exposures of the client's own `resolve` calls: deduplicated, held in a bounded queue and sent to
/// `POST /v1/apps/{app}/events` in batches by a background task of its own. Recording only appends under the
/// lock, so it never holds up `resolve`.
///
/// The task starts with the first exposure. It sends what is held `exposureSendInterval` seconds after the first
/// exposure held, at once when a full batch is held, and when `flush()` asks; while nothing is held it waits for an
/// exposure without waking. After a send the service did not answer, or answered with a 5xx or a 429, it puts the
/// batch back in front of the queue and pauses as the polling loop does after a failure.
final class ExposureReporter: Sendable {
    /// The most events one request carries: the events route's limit.
    static let batchSize = 1000
    /// How many keys of exposures already taken are remembered to drop repeats: the most recent ones.
    static let rememberedKeys = 10_000

    private struct State: Sendable {
        var queue: BoundedQueue<ClientExposure>
        /// The keys of exposures taken, and the order they came in, to forget the oldest beyond `rememberedKeys`.
        var seen: Set<ClientExposure.Key> = []
        var seenOrder = BoundedQueue<ClientExposure.Key>(limit: ExposureReporter.rememberedKeys)
        var metrics = ExposureMetrics()
        /// How many exposures are in a request now.
        var sending = 0
        var task: Task<Void, Never>?
        /// The background task's pause, while it waits.
        var nap: Nap?
        /// The callers of `flush()` waiting for the background task's next sending.
        var flushes: [CheckedContinuation<Void, Never>] = []
        /// Set by `close()`: nothing more is taken in.
        var closed = false
    }

    /// The background task waiting: resumed early by a flush and, unless `wakesAt` is nil, once that many
    /// exposures are held.
    private struct Nap: Sendable {
        var continuation: CheckedContinuation<Void, Never>
        var wakesAt: Int?

        /// Whether `held` exposures end it.
        func ends(holding held: Int) -> Bool {
            wakesAt.map { held >= $0 } ?? false
        }
    }

    private let configuration: TollgateClient.Configuration
    /// A session of its own, so that sending what is held after the client is gone does not need the client's.
    private let fetcher: BundleFetcher
    private let state: Locked<State>

    init(configuration: TollgateClient.Configuration) {
        self.configuration = configuration
        fetcher = BundleFetcher(configuration: configuration)
        state = Locked(State(queue: BoundedQueue(limit: configuration.exposureQueueLimit)))
    }

    deinit {
        fetcher.invalidate()
    }

    /// The counts so far, with the exposures held now.
    var metrics: ExposureMetrics {
        state.withLock { state in
            var metrics = state.metrics
            metrics.held = state.queue.count + state.sending
            return metrics
        }
    }

    /// Takes `decision` in as `user`'s exposure at `time` when a running experiment's split answered it and
    /// `user` is an id, unless the same user, experiment, seed and variant was taken in before.
    func record(_ decision: PlacementDecision, user: String?, policy: CompiledPolicy, at time: Date) {
        guard decision.reason == .split, let experiment = decision.experiment, let variant = decision.variant,
              let user, !user.isEmpty else { return }
        let seed = policy.bundle.experiments.first { $0.id == experiment }?.seed ?? experiment
        let exposure = ClientExposure(experiment: experiment, seed: seed, variant: variant, user: user,
                                      time: Timestamp(time))
        let wake = state.withLock { state -> Nap? in
            guard !state.closed, state.seen.insert(exposure.key).inserted else { return nil }
            if let forgotten = state.seenOrder.append(exposure.key) { state.seen.remove(forgotten) }
            state.metrics.recorded += 1
            if state.queue.append(exposure) != nil { state.metrics.dropped += 1 }
            if state.task == nil { state.task = Task.detached { await self.run() } }
            guard state.nap?.ends(holding: state.queue.count) == true else { return nil }
            return state.nap.take()
        }
        wake?.continuation.resume()
    }

    /// Returns once the background task has tried to send everything held when this was called (or it was
    /// sent meanwhile): at once when nothing is held.
    func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (waiting, nap) = state.withLock { state -> (Bool, Nap?) in
                guard state.task != nil, state.queue.count + state.sending > 0 else { return (false, nil) }
                state.flushes.append(continuation)
                return (true, state.nap.take())
            }
            if waiting { nap?.continuation.resume() } else { continuation.resume() }
        }
    }

    /// Ends the background task, then sends what is held once more from a task of its own, a batch at a time
    /// until one fails; what cannot be sent then is lost. Nothing is taken in after this.
    func close() {
        let task = state.withLock { state in
            state.closed = true
            defer { state.task = nil }
            return state.task
        }
        guard let task else { return }
        task.cancel()
        Task.detached {
            await task.value
            _ = await self.sendHeld()
        }
    }

    /// Sends what is held at every pause's end until cancelled; after a failed send, pauses as long as the
    /// polling loop does after as many failures in a row.
    private func run() async {
        var failures = 0
        while !Task.isCancelled {
            if failures == 0 {
                await nap(nil, wakesAt: 1)
                await nap(configuration.exposureSendSeconds, wakesAt: Self.batchSize)
            } else {
                await nap(RetryDelay.after(failures: failures, initial: configuration.retryDelay,
                                           maximum: configuration.maximumRetryDelay), wakesAt: nil)
            }
            guard !Task.isCancelled else { break }
            let flushes = state.withLock { state in
                defer { state.flushes = [] }
                return state.flushes
            }
            let sent = await sendHeld()
            for flush in flushes { flush.resume() }
            failures = sent ? 0 : failures + 1
        }
        let flushes = state.withLock { state in
            defer { state.flushes = [] }
            return state.flushes
        }
        for flush in flushes { flush.resume() }
    }

    /// Sends the exposures held now, a batch at a time, until they are sent or a send fails in a way worth
    /// trying again (that batch then goes back in front of the queue); answers whether none failed so.
    private func sendHeld() async -> Bool {
        var left = state.withLock { $0.queue.count }
        while left > 0 {
            let batch = state.withLock { state in
                let batch = state.queue.removeFirst(min(left, Self.batchSize))
                state.sending = batch.count
                return batch
            }
            guard !batch.isEmpty else { break }
            left -= batch.count
            let outcome = await fetcher.postEvents(batch)
            let failed = state.withLock { state -> Bool in
                state.sending = 0
                switch outcome {
                case .taken(let accepted, let rejected):
                    state.metrics.sent += accepted
                    state.metrics.rejected += rejected
                    state.metrics.lastError = nil
                    return false
                case .retry(let error):
                    state.metrics.lastError = error
                    state.metrics.dropped += state.queue.prepend(batch)
                    return true
                case .refused(let error):
                    state.metrics.lastError = error
                    state.metrics.refused += batch.count
                    return false
                }
            }
            if failed { return false }
        }
        return true
    }

    /// Waits `seconds` (through the configuration's `pause`; with nil, until woken), or less when woken: by a
    /// flush, and once `wakesAt` exposures are held unless it is nil; at once when cancelled.
    private func nap(_ seconds: TimeInterval?, wakesAt: Int?) async {
        guard let seconds else { return await waitForWake(wakesAt: wakesAt) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { [configuration] in await configuration.pause(seconds) }
            group.addTask { await self.waitForWake(wakesAt: wakesAt) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns when woken or cancelled, or at once when a reason to wake is already there.
    private func waitForWake(wakesAt: Int?) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    let nap = Nap(continuation: continuation, wakesAt: wakesAt)
                    if Task.isCancelled || !state.flushes.isEmpty || nap.ends(holding: state.queue.count) {
                        return true
                    }
                    state.nap = nap
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.nap.take() }?.continuation.resume()
        }
    }
}
