import Foundation
import TestSupport
import Testing
import TollgateClient
import TollgateEvaluation

/// What a service (or something between it and the app) may send that the client must not use.
@Suite struct BundleVerificationTests {
    static let good = TestBundles.bundle(title: "Pro")
    static let next = TestBundles.bundle(title: "Pro Plus")

    enum BadAnswer: String, CaseIterable, Sendable {
        case etagOfAnotherBundle, truncated, tampered, garbage, empty, noETag, anotherApp, serverError

        var answer: FakeBundleServer.Answer {
            let next = TestBundles.served(BundleVerificationTests.next)
            let good = TestBundles.served(BundleVerificationTests.good)
            switch self {
            case .etagOfAnotherBundle: return .init(etag: good.etag, body: next.body)
            case .truncated: return .init(etag: next.etag, body: next.body.prefix(next.body.count / 2))
            case .tampered: return .init(etag: next.etag, body: TestBundles.tampered(BundleVerificationTests.next))
            case .garbage: return .init(etag: next.etag, body: Data("<html>bad gateway</html>".utf8))
            case .empty: return .init(etag: next.etag, body: Data())
            case .noETag: return .init(etag: nil, body: next.body)
            case .anotherApp:
                let other = TestBundles.served(TestBundles.bundle(app: "other"))
                return .init(etag: other.etag, body: other.body)
            case .serverError: return .init(status: 500, etag: nil, body: Data(#"{"title":"Internal"}"#.utf8))
            }
        }

        func describes(_ error: TollgateClientError) -> Bool {
            switch (self, error) {
            case (.etagOfAnotherBundle, .etagMismatch), (.noETag, .missingETag), (.anotherApp, .wrongApp),
                 (.serverError, .unexpectedStatus(500)):
                return true
            case (.truncated, .invalidBundle(.malformed)), (.garbage, .invalidBundle(.malformed)),
                 (.empty, .invalidBundle(.malformed)), (.tampered, .invalidBundle(.hashMismatch)):
                return true
            default:
                return false
            }
        }
    }

    static func cacheFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-client-\(UUID())/demo.json")
    }

    static func configuration(_ server: URL, cache: URL?, wait: Int = 1, retryDelay: TimeInterval = 0.05,
                              pauses: Pauses? = nil) -> TollgateClient.Configuration
    {
        var configuration = TollgateClient.Configuration(server: server, app: "demo", cacheFile: cache, wait: wait,
                                                         retryDelay: retryDelay, maximumRetryDelay: retryDelay * 10)
        if let pauses { configuration.pause = pauses.pause }
        return configuration
    }

    @Test(arguments: BadAnswer.allCases)
    func aBadAnswerNeverReplacesTheGoodBundle(_ bad: BadAnswer) async throws {
        let server = try FakeBundleServer()
        let good = TestBundles.served(Self.good)
        server.set(.init(etag: good.etag, body: good.body))
        let cache = Self.cacheFile()
        defer { try? FileManager.default.removeItem(at: cache.deletingLastPathComponent()) }
        let client = TollgateClient(Self.configuration(server.url, cache: cache))
        #expect(try await client.sync().hash == Self.good.policy)
        let cached = try Data(contentsOf: cache)

        server.set(bad.answer)
        do {
            try await client.sync()
            Issue.record("a sync answered with \(bad) succeeded")
        } catch {
            #expect(bad.describes(error), "\(error)")
            #expect(client.lastError == error)
        }
        #expect(client.snapshot?.hash == Self.good.policy)
        #expect(try client.access([Entitlement(product: "com.example.demo.pro")]).unlocks("export"))
        #expect(try Data(contentsOf: cache) == cached, "the cache file keeps the good bundle")

        client.start()
        defer { client.stop() }
        #expect(await eventually { server.requestsSinceSet >= 3 }, "the loop keeps asking after a bad answer")
        #expect(client.snapshot?.hash == Self.good.policy)
        #expect(try Data(contentsOf: cache) == cached)

        let next = TestBundles.served(Self.next)
        server.set(.init(etag: next.etag, body: next.body))
        #expect(await eventually { client.snapshot?.hash == Self.next.policy }, "a good bundle after bad ones is taken")
        #expect(await eventually { (try? Data(contentsOf: cache)) != cached })
        #expect(await eventually { client.lastError == nil })
    }

    /// A server that answers 304 at once (it does not hold requests) is asked once per wait, not in a loop.
    @Test func anImmediateNotModifiedIsFollowedByAPause() async throws {
        let server = try FakeBundleServer()
        let good = TestBundles.served(Self.good)
        server.set(.init(etag: good.etag, body: good.body))
        let pauses = Pauses()
        let client = TollgateClient(Self.configuration(server.url, cache: nil, wait: 60, pauses: pauses))
        try await client.sync()
        server.set(.init(status: 304, etag: good.etag))
        client.start()
        defer { client.stop() }
        #expect(await eventually { pauses.taken.count == 1 }, "the loop pauses after the 304")
        let pause = try #require(pauses.taken.first)
        #expect(pause > 50 && pause <= 60, "the rest of the 60-second wait, not \(pause)")
        #expect(server.requestsSinceSet == 1)
        #expect(client.lastError == nil)
    }

    /// Failing requests are retried after a pause, not at once.
    @Test func aFailedRequestIsFollowedByAPause() async throws {
        let server = try FakeBundleServer()
        server.set(.init(status: 503, etag: nil, body: Data("{}".utf8)))
        let pauses = Pauses()
        let client = TollgateClient(Self.configuration(server.url, cache: nil, retryDelay: 30, pauses: pauses))
        client.start()
        defer { client.stop() }
        #expect(await eventually { pauses.taken.count == 1 }, "the loop pauses after the failure")
        let pause = try #require(pauses.taken.first)
        #expect(pause >= 15 && pause <= 30, "the jittered first retry delay, not \(pause)")
        #expect(server.requestsSinceSet == 1)
        #expect(client.lastError == .unexpectedStatus(503))
        #expect(throws: TollgateClientError.notSynced) { try client.evaluate(EvaluationInput(entitlements: [])) }
    }

    /// Stopping cancels the loop; the bundle stays and answers.
    @Test func stopEndsPollingAndKeepsTheBundle() async throws {
        let server = try FakeBundleServer()
        let good = TestBundles.served(Self.good)
        server.set(.init(etag: good.etag, body: good.body))
        let client = TollgateClient(Self.configuration(server.url, cache: nil))
        client.start()
        #expect(client.isRunning)
        #expect(await eventually { client.snapshot != nil })
        await client.stopAndWait()
        #expect(!client.isRunning)
        server.set(.init(etag: good.etag, body: good.body))
        #expect(server.requestsSinceSet <= 1, "the loop has ended: at most the request in flight when it stopped")
        #expect(client.snapshot?.hash == Self.good.policy)
    }

    /// Stopping while requests come and go never blocks nor traps: the request in flight is abandoned, whatever its
    /// state. The time limit only catches a hang: beside the whole suite, the 200 rounds have taken 95 s.
    @Test(.timeLimit(.minutes(10))) func stoppingAtAnyMomentReturns() async throws {
        let server = try FakeBundleServer()
        server.set(.init(status: 503, etag: nil, body: Data("{}".utf8)))
        let client = TollgateClient(Self.configuration(server.url, cache: nil, retryDelay: 0.0001))
        for round in 0..<200 {
            client.start()
            try await Task.sleep(nanoseconds: UInt64(round % 7) * 300_000)
            client.stop()
        }
        #expect(!client.isRunning)
        #expect(server.requestsSinceSet > 0)
    }
}
