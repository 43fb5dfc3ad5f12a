public import Foundation
public import TollgateEvaluation

/// Keeps an app's policy bundle in sync with a Tollgate service and answers from it on the device.
///
/// The client long-polls `GET /v1/apps/{app}/bundle` with the bundle's ETag, uses a bundle only after
/// checking that it is a valid bundle of the app whose hash is its ETag, keeps the last good one in
/// `cacheFile` and starts from it when the service cannot be reached. Every answer comes from the bundle
/// in memory; none waits for the network.
///
/// ```swift
/// let client = TollgateClient(.init(server: URL(string: "https://policy.example.com")!, app: "photocollage",
///                                   cacheFile: cacheFolder.appendingPathComponent("photocollage.json")))
/// client.start()
/// if let access = try? client.access(entitlements) { showAds = access.adsEnabled }
/// ```
public final class TollgateClient: Sendable {
    private let synchronizer: Synchronizer
    /// The exposures of `resolve`; nil when the configuration records none.
    private let exposures: ExposureReporter?

    /// A client with the bundle of `configuration.cacheFile` when that file holds a valid one; it sends no
    /// request until `start()` or `sync()`, or, with exposures recorded, until `resolve` records one.
    public init(_ configuration: Configuration) {
        synchronizer = Synchronizer(configuration: configuration)
        exposures = configuration.recordsExposures ? ExposureReporter(configuration: configuration) : nil
    }

    /// Stops polling; the exposures held are sent once more in the background, each batch once, and what that
    /// cannot send is lost. To know, await `flushExposures()` and read `exposureMetrics` before dropping a client.
    deinit {
        stop()
        exposures?.close()
        // Finished outside the lock: finishing runs the stream's termination handler, which takes it.
        let observers = synchronizer.state.withLock { state in
            defer { state.observers = [:] }
            return Array(state.observers.values)
        }
        for observer in observers { observer.finish() }
    }

    /// What the client was created with.
    public var configuration: Configuration { synchronizer.configuration }

    /// The bundle answers come from, with its hash, version and age; nil until the first sync when no cache
    /// file gave one.
    public var snapshot: PolicySnapshot? { synchronizer.state.withLock { $0.snapshot } }

    /// What went wrong last: a failed or refused sync, an unusable cache file; nil after a good sync.
    public var lastError: TollgateClientError? { synchronizer.state.withLock { $0.lastError } }

    /// Whether the polling loop runs.
    public var isRunning: Bool { synchronizer.state.withLock { $0.task != nil } }

    /// Starts polling in the background; does nothing when it already runs.
    public func start() {
        synchronizer.state.withLock { state in
            guard state.task == nil else { return }
            state.task = Task.detached { [synchronizer] in await synchronizer.run() }
        }
    }

    /// Stops polling at once; a request in flight is abandoned, its answer dropped. The bundle stays and answers.
    /// Exposures are still recorded and sent: that ends with the client.
    public func stop() {
        takeTask()?.cancel()
    }

    /// Stops polling as `stop()` does and returns once the loop has ended, so no request follows.
    package func stopAndWait() async {
        let task = takeTask()
        task?.cancel()
        await task?.value
    }

    /// The polling loop's task, which no longer counts as running.
    private func takeTask() -> Task<Void, Never>? {
        synchronizer.state.withLock { state in
            defer { state.task = nil }
            return state.task
        }
    }

    /// Asks the server once, without waiting for a change, and returns the bundle then current.
    @discardableResult
    public func sync() async throws(TollgateClientError) -> PolicySnapshot {
        try await synchronizer.sync(wait: nil)
        return try current()
    }

    /// Each new bundle as it is taken, starting with the current one when there is one.
    public func updates() -> AsyncStream<PolicySnapshot> {
        synchronizer.updates()
    }

    /// Which tiers `entitlements` hold and whether ads may show, under the current bundle.
    public func access(_ entitlements: [Entitlement], synced: Bool = true, consent: Consent = .unknown,
                       now: Date = Date()) throws(TollgateClientError) -> Access {
        try current().evaluator.access(entitlements, synced: synced, consent: consent, now: now)
    }

    /// The full decision for `input`, as `POST /v1/apps/{app}/evaluate` answers it, judged at `input.now`
    /// or else at `now`.
    public func evaluate(_ input: EvaluationInput, now: Date = Date()) throws(TollgateClientError) -> Decision {
        try current().evaluator.evaluate(input, now: now)
    }

    /// Which paywall `placement` shows the user in `context`, as `POST …/placements/{placement}/resolve`
    /// answers it; nil when the current bundle has no such placement.
    ///
    /// A decision of a running experiment's split (reason `SPLIT`) for a context with a `user_id` is recorded as
    /// that user's exposure at `now`, as the service records the ones it answers, unless
    /// `Configuration.recordsExposures` is off or the same user, experiment, seed and variant was recorded before
    /// (the last 10,000 are remembered). Recording only queues it: the client sends its exposures in the background
    /// (`exposureMetrics`, `flushExposures()`).
    public func resolve(placement: String, context: EvaluationInput,
                        now: Date = Date()) throws(TollgateClientError) -> PlacementDecision? {
        let snapshot = try current()
        guard let decision = snapshot.evaluator.resolve(placement: placement, context: context, now: now) else {
            return nil
        }
        exposures?.record(decision, user: context.user.userID, policy: snapshot.policy, at: now)
        return decision
    }

    /// What became of the exposures `resolve` recorded: held, sent, rejected, dropped, refused, and the last
    /// error of a send; all zero when `Configuration.recordsExposures` is off.
    ///
    /// The client sends them to `POST /v1/apps/{app}/events` from a background task, in batches of up to 1,000:
    /// `exposureSendInterval` seconds after the first exposure held, and at once when 1,000 are held. A send the
    /// service does not answer, or answers with a 5xx or a 429, is tried again after a pause that grows as the
    /// polling loop's does (`retryDelay`, `maximumRetryDelay`); any other answer but a 2xx, such as a 400, drops
    /// the batch (`refused`).
    public var exposureMetrics: ExposureMetrics { exposures?.metrics ?? ExposureMetrics() }

    /// Sends the exposures held now and returns once that was tried, at once when none is held: before the app
    /// ends, or to see them arrive. A send that fails stays queued for the background task to try again; this
    /// waits for a send already in flight, so it can take as long as a request's timeout (30 seconds).
    public func flushExposures() async {
        await exposures?.flush()
    }

    /// Records a StoreKit 2 transaction for `customer` on the service, right after a purchase or a restore, and
    /// answers what the service then knows of the customer: `POST /v1/apps/{app}/customers/{customer}/transactions`
    /// with `{"signed_transaction": jwsRepresentation}`. Pass `VerificationResult.jwsRepresentation`; the service
    /// checks Apple's signature itself. Throws `refused` with the problem's kind when the service refuses it,
    /// `unreachable` offline.
    public func postTransaction(_ jwsRepresentation: String,
                                customer: String) async throws(TollgateClientError) -> CustomerStatus {
        try await synchronizer.fetcher.postTransaction(jwsRepresentation, customer: customer)
    }

    /// The service's decision for what `customer` bought in `environment`, with ads `consent`, judged at `now` or
    /// else at the service's clock: `POST /v1/apps/{app}/evaluate` with `{"customer": …}`. Only the service knows a
    /// customer's purchases, so this asks it every time, and throws `unreachable` offline: to answer offline, keep
    /// the `entitlements` of `postTransaction`'s `CustomerStatus` and call `evaluate(_:)`.
    public func evaluate(customer: String, environment: CustomerEnvironment = .production, consent: Consent = .unknown,
                         now: Date? = nil) async throws(TollgateClientError) -> Decision {
        try await synchronizer.fetcher.evaluate(customer: customer, environment: environment, consent: consent,
                                                now: now)
    }

    /// The current bundle; `notSynced` when there is none yet.
    private func current() throws(TollgateClientError) -> PolicySnapshot {
        guard let snapshot else { throw .notSynced }
        return snapshot
    }
}
