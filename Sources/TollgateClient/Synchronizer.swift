import Foundation
import TollgateEvaluation

/// The client's state and its polling loop. The loop's task holds this, not the `TollgateClient`, so
/// dropping the client stops the loop.
final class Synchronizer: Sendable {
    struct State: Sendable {
        var snapshot: PolicySnapshot?
        var lastError: TollgateClientError?
        var task: Task<Void, Never>?
        var observers: [UUID: AsyncStream<PolicySnapshot>.Continuation] = [:]
    }

    let configuration: TollgateClient.Configuration
    let state: Locked<State>
    /// The requests to the service, the polls' and the customer calls'.
    let fetcher: BundleFetcher
    private let cache: BundleCache?
    /// Held while the cache file is written, so an older bundle never lands after a newer one.
    private let cacheWrite = NSLock()

    init(configuration: TollgateClient.Configuration) {
        self.configuration = configuration
        fetcher = BundleFetcher(configuration: configuration)
        cache = configuration.cacheFile.map { BundleCache(file: $0) }
        var initial = State()
        do {
            initial.snapshot = try cache?.load(app: configuration.app)
        } catch {
            initial.lastError = error
        }
        state = Locked(initial)
    }

    deinit {
        fetcher.invalidate()
    }

    /// One request; with `wait`, one the server may hold. Applies what it brings and says what that was.
    @discardableResult
    func sync(wait: Int?) async throws(TollgateClientError) -> BundleFetcher.Outcome {
        let outcome: BundleFetcher.Outcome
        do {
            outcome = try await fetcher.fetch(current: state.withLock { $0.snapshot }, wait: wait)
        } catch {
            state.withLock { $0.lastError = error }
            throw error
        }
        switch outcome {
        case .unchanged:
            state.withLock { state in
                state.snapshot?.confirmed = Date()
                state.lastError = nil
            }
        case .updated(let snapshot):
            state.withLock { state in
                state.snapshot = snapshot
                state.lastError = nil
                for observer in state.observers.values { observer.yield(snapshot) }
            }
            save(snapshot)
        }
        return outcome
    }

    /// Polls until cancelled: at once after a new bundle or a held 304, after the rest of the wait when the
    /// server answered at once, after a growing jittered pause when the request failed.
    func run() async {
        var failures = 0
        while !Task.isCancelled {
            let wait = configuration.heldSeconds
            let started = ProcessInfo.processInfo.systemUptime
            let pause: TimeInterval
            do {
                let outcome = try await sync(wait: wait)
                failures = 0
                switch outcome {
                case .updated: pause = 0
                case .unchanged:
                    pause = RetryDelay.afterUnchanged(elapsed: ProcessInfo.processInfo.systemUptime - started, wait: wait)
                }
            } catch {
                failures += 1
                pause = RetryDelay.after(failures: failures, initial: configuration.retryDelay,
                                         maximum: configuration.maximumRetryDelay)
            }
            if pause > 0 { await configuration.pause(pause) }
        }
    }

    /// Writes `snapshot` to the cache file unless a newer bundle replaced it meanwhile.
    private func save(_ snapshot: PolicySnapshot) {
        guard let cache else { return }
        cacheWrite.lock()
        defer { cacheWrite.unlock() }
        guard state.withLock({ $0.snapshot?.hash == snapshot.hash }) else { return }
        do {
            try cache.save(snapshot)
        } catch {
            state.withLock { $0.lastError = error }
        }
    }

    /// A stream of each new bundle, starting with the current one.
    func updates() -> AsyncStream<PolicySnapshot> {
        let id = UUID()
        return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            continuation.onTermination = { [weak self] _ in
                self?.state.withLock { _ = $0.observers.removeValue(forKey: id) }
            }
            state.withLock { state in
                if let snapshot = state.snapshot { continuation.yield(snapshot) }
                state.observers[id] = continuation
            }
        }
    }
}
