import Foundation
import Store
import Synchronization
import TestSupport
import Testing
import TollgateClient
import TollgateEvaluation

/// The exposures of the client's own `resolve` calls: against a real `tollgate serve` they reach its store once per
/// user and variant, within the queue's bound; against a fake service, the interval sends, a 503 is sent again, a 400
/// drops the batch, rejected events are counted, `resolve` returns while the service does not answer, and repeats are
/// dropped while their key is among the last 10,000.
@Suite(.serialized) struct ExposureReportingTests {
    /// A context of `user` that the examples' onboarding placement answers by the `onboarding-paywall` split.
    static func context(_ user: String) throws -> EvaluationInput {
        try EvaluationInput(json: Data(#"{"entitlements": [], "user_id": "\#(user)"}"#.utf8))
    }

    /// A minute ago, to the second: a time the service takes and stores as it is.
    static func minuteAgo() -> Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 60).rounded(.down))
    }

    /// Exposures sent only when a batch is full or a test flushes (unless `interval` ends first); pauses as the
    /// `pauses` say.
    static func configuration(_ server: URL, app: String = "photocollage", queueLimit: Int = 1000,
                              interval: TimeInterval = 3600, pauses: GatedPauses? = nil) -> TollgateClient.Configuration {
        var configuration = TollgateClient.Configuration(server: server, app: app, wait: 1, retryDelay: 0.05,
                                                         maximumRetryDelay: 0.5, exposureQueueLimit: queueLimit,
                                                         exposureSendInterval: interval)
        if let pauses { configuration.pause = pauses.pause }
        return configuration
    }

    /// The first exposures the service stored, once it has stopped.
    static func stored(_ service: ServedExamples) throws -> [StoredExposure] {
        try StoreLocation.sqlite(path: service.folder.appendingPathComponent(".tollgate/store.sqlite").path)
            .openExposures(.read).exposures(app: "photocollage", experiment: "onboarding-paywall")
    }

    @Test func eachUsersExposureReachesTheStoreOnce() async throws {
        let service = try ServedExamples()
        try await service.start()
        let client = TollgateClient(Self.configuration(service.url))
        let snapshot = try await client.sync()
        let seed = try #require(snapshot.policy.bundle.experiments.first { $0.id == "onboarding-paywall" }?.seed)
        let now = Self.minuteAgo()
        var answered: [String: String] = [:]
        for index in 0..<20 {
            let decision = try #require(try client.resolve(placement: "onboarding", context: Self.context("user-\(index)"),
                                                           now: now))
            #expect(decision.reason == .split)
            answered["user-\(index)"] = decision.variant
        }
        for _ in 0..<5 {
            _ = try client.resolve(placement: "onboarding", context: Self.context("user-0"), now: now.addingTimeInterval(30))
        }
        let anonymous = try client.resolve(placement: "onboarding",
                                           context: EvaluationInput(json: Data(#"{"entitlements": []}"#.utf8)), now: now)
        #expect(anonymous?.reason == .fallback, "without a user id there is no split, and no exposure")
        _ = try client.resolve(placement: "settings", context: Self.context("user-99"), now: now)
        #expect(client.exposureMetrics.recorded == 20, "each user once; no exposure for what no split answered")
        #expect(client.exposureMetrics.held == 20)

        await client.flushExposures()
        let metrics = client.exposureMetrics
        #expect(metrics.sent == 20)
        #expect(metrics.held == 0 && metrics.rejected == 0 && metrics.dropped == 0 && metrics.refused == 0)
        #expect(metrics.lastError == nil)
        await service.stop()

        let rows = try Self.stored(service)
        #expect(Dictionary(uniqueKeysWithValues: rows.map { ($0.user, $0.variant) }) == answered)
        #expect(rows.allSatisfy { $0.firstTime == Timestamp(now) && $0.seed == seed && !$0.multiple })
        #expect(rows.allSatisfy { $0.policy == snapshot.hash })
    }

    @Test func aFullBatchIsSentWithoutAFlush() async throws {
        let service = try ServedExamples()
        try await service.start()
        let client = TollgateClient(Self.configuration(service.url, queueLimit: 2000))
        try await client.sync()
        for index in 0..<1000 {
            _ = try client.resolve(placement: "onboarding", context: Self.context("user-\(index)"))
        }
        #expect(await eventually { client.exposureMetrics.sent == 1000 }, "the interval is an hour: the batch went full")
        #expect(client.exposureMetrics.held == 0)
        await service.stop()
        #expect(try Self.stored(service).count == 1000)
    }

    @Test func aFullQueueDropsTheOldestAndCountsThem() async throws {
        let service = try ServedExamples()
        try await service.start()
        let client = TollgateClient(Self.configuration(service.url, queueLimit: 3))
        try await client.sync()
        for index in 0..<10 {
            _ = try client.resolve(placement: "onboarding", context: Self.context("user-\(index)"))
        }
        var metrics = client.exposureMetrics
        #expect(metrics.recorded == 10 && metrics.held == 3 && metrics.dropped == 7)

        await client.flushExposures()
        metrics = client.exposureMetrics
        #expect(metrics.sent == 3 && metrics.held == 0 && metrics.dropped == 7)
        await service.stop()
        #expect(Set(try Self.stored(service).map(\.user)) == ["user-7", "user-8", "user-9"])
    }

    /// A fake service serving `TestBundles.experimentBundle()`, and a client of it that has synced.
    static func fakeService(interval: TimeInterval = 3600, pauses: GatedPauses? = nil,
                            recordsExposures: Bool = true) async throws -> (FakeBundleServer, TollgateClient) {
        let server = try FakeBundleServer()
        let served = TestBundles.served(TestBundles.experimentBundle())
        server.set(.init(etag: served.etag, body: served.body))
        var configuration = Self.configuration(server.url, app: "demo", interval: interval, pauses: pauses)
        configuration.recordsExposures = recordsExposures
        let client = TollgateClient(configuration)
        try await client.sync()
        return (server, client)
    }

    static func problem(_ kind: String, status: Int, detail: String) -> FakeBundleServer.Answer {
        .init(status: status, body: Data(#"{"type":"urn:tollgate:problem:\#(kind)","title":"No","status":\#(status),"detail":"\#(detail)"}"#.utf8))
    }

    @Test func whatIsHeldIsSentWhenTheIntervalEnds() async throws {
        let pauses = GatedPauses()
        let (server, client) = try await Self.fakeService(interval: 5, pauses: pauses)
        defer { server.stop() }
        for user in ["alice", "bob"] { _ = try client.resolve(placement: "onboarding", context: Self.context(user)) }
        #expect(await eventually { pauses.taken == [5] })
        #expect(server.eventsPosts.isEmpty, "nothing is sent before the interval ends")
        pauses.release()
        #expect(await eventually { client.exposureMetrics.sent == 2 })
        #expect(server.eventsPosts.count == 1)
        #expect(pauses.taken == [5], "with nothing held, the sender waits for an exposure, not for a pause")

        _ = try client.resolve(placement: "onboarding", context: Self.context("carol"))
        #expect(await eventually { client.exposureMetrics.sent == 3 })
        #expect(pauses.taken == [5, 5])
    }

    @Test func aBatchAnswered503IsSentAgainAfterThePauseOfAFailure() async throws {
        let pauses = GatedPauses()
        let (server, client) = try await Self.fakeService(pauses: pauses)
        defer { server.stop() }
        server.setEvents([.answer(Self.problem("store-unavailable", status: 503, detail: "later")), .accept])
        let now = Self.minuteAgo()
        let a = try #require(try client.resolve(placement: "onboarding", context: Self.context("alice"), now: now))
        let b = try #require(try client.resolve(placement: "onboarding", context: Self.context("bob"), now: now))
        #expect(a.reason == .split && b.reason == .split)

        await client.flushExposures()
        var metrics = client.exposureMetrics
        #expect(metrics.sent == 0 && metrics.held == 2 && metrics.dropped == 0)
        #expect(metrics.lastError == .refused(kind: "store-unavailable", status: 503, detail: "later"))
        #expect(await eventually { pauses.taken.contains { (0.025...0.05).contains($0) } },
                "the first failure's pause: retryDelay, jittered")
        #expect(server.eventsPosts.count == 1, "nothing is sent during the pause")

        pauses.release()
        #expect(await eventually { client.exposureMetrics.sent == 2 })
        metrics = client.exposureMetrics
        #expect(metrics.held == 0 && metrics.lastError == nil)
        let posts = server.eventsPosts
        #expect(posts.count == 2 && posts[0].body == posts[1].body, "the same batch again")
        let events = FakeBundleServer.events(posts[1])
        #expect(events.count == 2)
        #expect(events.first.map { Set($0.keys) } == ["type", "experiment", "variant", "user_id", "time"])
        #expect(events.map { $0["type"] as? String } == ["exposure", "exposure"])
        #expect(events.map { $0["experiment"] as? String } == ["split", "split"])
        #expect(events.map { $0["user_id"] as? String } == ["alice", "bob"])
        #expect(events.map { $0["variant"] as? String } == [a.variant, b.variant])
        #expect(events.map { $0["time"] as? String } == [Timestamp(now).description, Timestamp(now).description])
        #expect(posts[0].target == "/v1/apps/demo/events" && posts[0].headers["content-type"] == "application/json")
    }

    @Test func aBatchAnswered400IsDroppedAndRejectedEventsAreCounted() async throws {
        let (server, client) = try await Self.fakeService()
        defer { server.stop() }
        let rejected = FakeBundleServer.Answer(
            status: 202, body: Data(#"{"accepted":1,"rejected":[{"index":0,"reason":"wrong-variant","detail":"no"}]}"#.utf8))
        server.setEvents([.answer(Self.problem("invalid-input", status: 400, detail: "bad body")), .answer(rejected)])
        for user in ["alice", "bob"] { _ = try client.resolve(placement: "onboarding", context: Self.context(user)) }

        await client.flushExposures()
        var metrics = client.exposureMetrics
        #expect(metrics.refused == 2 && metrics.held == 0 && metrics.sent == 0)
        #expect(metrics.lastError == .refused(kind: "invalid-input", status: 400, detail: "bad body"))
        #expect(server.eventsPosts.count == 1)

        for user in ["alice", "carol", "dave"] { _ = try client.resolve(placement: "onboarding", context: Self.context(user)) }
        #expect(client.exposureMetrics.recorded == 4, "alice was recorded before, even though her batch was dropped")
        await client.flushExposures()
        metrics = client.exposureMetrics
        #expect(metrics.sent == 1 && metrics.rejected == 1 && metrics.refused == 2 && metrics.held == 0)
        #expect(metrics.lastError == nil)
        #expect(server.eventsPosts.count == 2)
        #expect(FakeBundleServer.events(server.eventsPosts[1]).compactMap { $0["user_id"] as? String } == ["carol", "dave"])
    }

    @Test func exposuresSwitchedOffAreNeitherRecordedNorSent() async throws {
        let (server, client) = try await Self.fakeService(recordsExposures: false)
        defer { server.stop() }
        let decision = try client.resolve(placement: "onboarding", context: Self.context("alice"))
        #expect(decision?.reason == .split)
        await client.flushExposures()
        #expect(client.exposureMetrics == ExposureMetrics())
        #expect(server.eventsPosts.isEmpty)
    }

    @Test func resolveAnswersWhileTheServiceHoldsTheExposures() async throws {
        let (server, client) = try await Self.fakeService()
        server.setEvents([.hang])
        for index in 0..<3 { _ = try client.resolve(placement: "onboarding", context: Self.context("user-\(index)")) }
        let flushing = Task { await client.flushExposures() }
        #expect(await eventually { server.eventsPosts.count == 1 })
        for index in 3..<1200 {
            let decision = try client.resolve(placement: "onboarding", context: Self.context("user-\(index)"))
            #expect(decision?.reason == .split)
        }
        let metrics = client.exposureMetrics
        #expect(metrics.recorded == 1200)
        #expect(metrics.held == 1003, "the 3 being sent and a full queue")
        #expect(metrics.dropped == 197)
        #expect(metrics.sent == 0)
        server.stop()
        await flushing.value
        let after = client.exposureMetrics
        #expect(after.sent == 0)
        #expect(after.dropped == 200 && after.held == 1000, "the unanswered batch went back in front, and its 3 out")
        #expect({ if case .unreachable = after.lastError { true } else { false } }())
    }

    @Test func repeatsAreDroppedWhileTheirKeyIsRemembered() async throws {
        let (server, client) = try await Self.fakeService()
        defer { server.stop() }
        for _ in 0..<3 { _ = try client.resolve(placement: "onboarding", context: Self.context("alice")) }
        #expect(client.exposureMetrics.recorded == 1)

        var reseeded = TestBundles.experimentBundle()
        reseeded.experiments[0].seed = "split-seed-2"
        reseeded.policy = reseeded.contentHash
        let served = TestBundles.served(reseeded)
        server.set(.init(etag: served.etag, body: served.body))
        try await client.sync()
        _ = try client.resolve(placement: "onboarding", context: Self.context("alice"))
        #expect(client.exposureMetrics.recorded == 2, "another seed is another exposure")

        for index in 0..<10_000 { _ = try client.resolve(placement: "onboarding", context: Self.context("user-\(index)")) }
        #expect(client.exposureMetrics.recorded == 10_002)
        _ = try client.resolve(placement: "onboarding", context: Self.context("user-9999"))
        #expect(client.exposureMetrics.recorded == 10_002, "a recent key is remembered")
        _ = try client.resolve(placement: "onboarding", context: Self.context("alice"))
        #expect(client.exposureMetrics.recorded == 10_003, "the oldest keys beyond 10,000 are forgotten")
        await client.flushExposures()
        #expect(await eventually { client.exposureMetrics.held == 0 })
        let metrics = client.exposureMetrics
        #expect(metrics.sent + metrics.dropped == 10_003 && metrics.refused == 0)
    }
}

/// Pauses as the client asks them: each shorter than a minute (a failure's) lasts until `release()`, longer ones
/// (the send interval) until cancelled; all are recorded.
final class GatedPauses: Sendable {
    private let state = Mutex<(taken: [TimeInterval], released: Bool)>(([], false))

    /// The pauses asked for so far, in seconds.
    var taken: [TimeInterval] { state.withLock { $0.taken } }

    /// Ends the short pauses, now and later.
    func release() {
        state.withLock { $0.released = true }
    }

    @Sendable func pause(_ seconds: TimeInterval) async {
        state.withLock { $0.taken.append(seconds) }
        while !Task.isCancelled, seconds >= 60 || !state.withLock({ $0.released }) {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}
