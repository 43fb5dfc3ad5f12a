import Foundation
import TestSupport
import Testing
import TollgateClient
import TollgateEvaluation

/// The client against a real `tollgate serve`: it syncs, follows changes, outlives the service and catches up.
@Suite(.serialized) struct ServedClientTests {
    /// A decision input with a fixed time, so the client and the service judge the same moment.
    static let inputs = [
        #"{"entitlements": [], "now": "2026-11-29T12:00:00Z"}"#,
        #"{"entitlements": [{"product": "com.example.photocollage.removeads", "state": "active"}], "now": "2026-11-29T12:00:00Z"}"#,
        #"{"entitlements": [{"product": "com.example.photocollage.premium.yearly", "state": "billing_retry"}], "synced": false, "consent": "granted", "now": "2026-11-29T12:00:00Z"}"#,
    ]
    static let context = #"""
        { "entitlements": [], "synced": true, "consent": "granted", "now": "2026-11-29T12:00:00Z",
          "user_id": "u-123", "storefront": "JPN", "locale": "ja-JP", "platform": "ios",
          "app_version": "2.4.1", "install_date": "2026-11-25T08:00:00Z" }
        """#
    /// An edit of photocollage that changes its bundle.
    static let retitle = ("remove-ads: { title: Remove Ads,", "remove-ads: { title: No Ads,")

    static func configuration(_ server: URL, cache: URL? = nil) -> TollgateClient.Configuration {
        TollgateClient.Configuration(server: server, app: "photocollage", cacheFile: cache, wait: 1, retryDelay: 0.05,
                                     maximumRetryDelay: 0.5)
    }

    @Test func theFirstSyncAnswersAsTheServiceDoes() async throws {
        let service = try ServedExamples()
        try await service.start()
        let client = TollgateClient(Self.configuration(service.url, cache: service.folder.appendingPathComponent("cache/photocollage.json")))
        #expect(throws: TollgateClientError.notSynced) { try client.evaluate(EvaluationInput(entitlements: [])) }

        let snapshot = try await client.sync()
        let bundle = try await service.request("v1/apps/photocollage/bundle")
        #expect(bundle.status == 200)
        #expect(snapshot.etag == bundle.etag)
        #expect(snapshot.hash == (try CompiledPolicy(bundleJSON: bundle.body)).hash)
        #expect(snapshot.origin == .server)
        #expect(snapshot.version == nil, "a folder of files has no versions")
        #expect(snapshot.confirmed >= snapshot.fetched)
        #expect(client.lastError == nil)

        for text in Self.inputs {
            let served = try await service.request("v1/apps/photocollage/evaluate", body: Data(text.utf8))
            #expect(served.status == 200)
            let local = try client.evaluate(EvaluationInput(json: Data(text.utf8)))
            #expect(String(decoding: local.json(), as: UTF8.self) == String(decoding: served.body, as: UTF8.self))
        }

        let context = try EvaluationInput(json: Data(Self.context.utf8))
        let served = try await service.request("v1/apps/photocollage/placements/onboarding/resolve", body: Data(Self.context.utf8))
        let explained = try #require(snapshot.evaluator.resolveExplained(placement: "onboarding", context: context, now: Date()))
        #expect(String(decoding: explained.decision.json(app: snapshot.app, policy: snapshot.hash, trace: explained.trace), as: UTF8.self)
            == String(decoding: served.body, as: UTF8.self))
        #expect(try client.resolve(placement: "onboarding", context: context) == explained.decision)
        #expect(try client.resolve(placement: "no-such-placement", context: context) == nil)

        let access = try client.access([Entitlement(product: "com.example.photocollage.removeads")])
        #expect(!access.adsEnabled)
        #expect(!access.unlocks("cloud-sync"), "a feature the entitlements do not unlock is an answer, not an error")
        await service.stop()
    }

    @Test func anEditedPolicyReachesThePollingClient() async throws {
        let service = try ServedExamples()
        try await service.start()
        let client = TollgateClient(Self.configuration(service.url))
        var updates = client.updates().makeAsyncIterator()
        client.start()
        defer { client.stop() }
        let first = try #require(await updates.next())
        #expect(client.isRunning)

        try service.edit(app: "photocollage", replacing: Self.retitle.0, with: Self.retitle.1)
        let second = try #require(await updates.next())
        #expect(second.hash != first.hash)
        let served = try await service.request("v1/apps/photocollage/bundle")
        #expect(second.etag == served.etag)
        #expect(second.policy.bundle.tiers.first { $0.id == "remove-ads" }?.title == "No Ads")
        #expect(client.snapshot?.hash == second.hash)
        await service.stop()
    }

    @Test func aPublishReachesThePollingClientWithItsVersion() async throws {
        let service = try ServedExamples()
        try await service.run(["publish", "--store", "store.sqlite", "-m", "first"])
        try await service.start(["--store", "store.sqlite"])
        let client = TollgateClient(Self.configuration(service.url))
        client.start()
        defer { client.stop() }
        #expect(await eventually { client.snapshot != nil })
        #expect(client.snapshot?.version == 1)

        try service.edit(app: "photocollage", replacing: Self.retitle.0, with: Self.retitle.1)
        try await service.run(["publish", "--store", "store.sqlite", "--app", "photocollage", "-m", "retitle"])
        #expect(await eventually { client.snapshot?.version == 2 })
        let served = try await service.request("v1/apps/photocollage/bundle")
        #expect(client.snapshot?.etag == served.etag)
        await service.stop()
    }

    @Test func theClientAnswersWhileTheServiceIsDownAndCatchesUpAfterARestart() async throws {
        let service = try ServedExamples()
        try await service.start()
        let cache = service.folder.appendingPathComponent("photocollage.cache.json")
        let client = TollgateClient(Self.configuration(service.url, cache: cache))
        client.start()
        defer { client.stop() }
        #expect(await eventually { client.snapshot != nil })
        let synced = try #require(client.snapshot)
        let expected = try client.evaluate(EvaluationInput(json: Data(Self.inputs[1].utf8)))

        await service.stop()
        #expect(await eventually {
            if case .unreachable = client.lastError { return true }
            return false
        })
        let offline = try #require(client.snapshot)
        #expect(offline.hash == synced.hash, "the bundle stays when the service goes away")
        let confirmed = offline.confirmed
        #expect(try client.evaluate(EvaluationInput(json: Data(Self.inputs[1].utf8))) == expected)
        #expect(abs(offline.age(at: confirmed.addingTimeInterval(90)) - 90) < 0.001)
        #expect(offline.age() >= 0)

        try service.edit(app: "photocollage", replacing: Self.retitle.0, with: Self.retitle.1)
        try await service.start()
        #expect(await eventually { client.snapshot?.hash != synced.hash })
        let served = try await service.request("v1/apps/photocollage/bundle")
        #expect(client.snapshot?.etag == served.etag)
        #expect(await eventually { client.lastError == nil })
        let confirmedAgain = try #require(client.snapshot?.confirmed)
        #expect(confirmedAgain > confirmed)
        await service.stop()
    }

    @Test func aClientStartedOfflineAnswersAtOnceFromTheCacheFile() async throws {
        let service = try ServedExamples()
        try await service.start()
        let cache = service.folder.appendingPathComponent("cache/photocollage.json")
        let online = TollgateClient(Self.configuration(service.url, cache: cache))
        let synced = try await online.sync()
        let expected = try online.evaluate(EvaluationInput(json: Data(Self.inputs[2].utf8)))
        await service.stop()
        #expect(FileManager.default.fileExists(atPath: cache.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.deletingLastPathComponent().path)
        #expect(leftovers == ["photocollage.json"], "no temporary file stays beside the cache file")

        let offline = TollgateClient(Self.configuration(service.url, cache: cache))
        let snapshot = try #require(offline.snapshot, "the cache file's bundle is there before any request")
        #expect(snapshot.origin == .cache)
        #expect(snapshot.hash == synced.hash)
        #expect(snapshot.etag == synced.etag)
        #expect(abs(snapshot.fetched.timeIntervalSince(synced.fetched)) < 1)
        #expect(try offline.evaluate(EvaluationInput(json: Data(Self.inputs[2].utf8))) == expected)
        #expect(offline.lastError == nil)

        offline.start()
        defer { offline.stop() }
        #expect(await eventually {
            if case .unreachable = offline.lastError { return true }
            return false
        })
        #expect(offline.snapshot?.hash == synced.hash, "a failed sync keeps the cached bundle")
        #expect(try offline.evaluate(EvaluationInput(json: Data(Self.inputs[2].utf8))) == expected)
    }
}
