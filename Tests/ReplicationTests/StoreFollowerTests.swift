import Foundation
import PolicyLoader
import Replication
import Server
import Store
import Synchronization
import Testing
import TestSupport
import TollgateEvaluation

/// A holder fed by a `StoreFollower` in the test process, behind a router: per-app reloads, the backstop
/// read, waiting for a store, heartbeats that fail.
final class FollowedStore: Sendable {
    let metrics = Metrics()
    let holder: PolicyHolder
    let router: Router
    let follower: StoreFollower
    /// The replica's id in the registry.
    let replicaID: String
    private let lines = Recorder<String>()

    var log: [String] { lines.items }

    init(store: String, adjust: (inout StoreFollower.Settings) -> Void = { _ in }) throws {
        let lines = self.lines
        let log: @Sendable (String) -> Void = { lines.append($0) }
        let replicaID = "test-\(UUID())"
        self.replicaID = replicaID
        holder = PolicyHolder(metrics: metrics, log: log)
        router = Router(holder: holder, metrics: metrics, admin: nil, prices: Service.requestPrices, log: { _ in },
                            now: { Date() })
        let sources = Dictionary(try ExampleApps.releases().map { ($0.compiled.app, $0.sources) }) { first, _ in first }
        let location = StoreLocation(store)
        var settings = StoreFollower.Settings(
            storeName: location.name, channel: "production",
            open: { (mode) throws(StoreError) in try location.open(mode) },
            release: { (snapshot) throws(ReloadError) in
                guard let sources = sources[snapshot.app] else { throw ReloadError("no example app \(snapshot.app)") }
                do {
                    return AppRelease(sources: sources, compiled: try CompiledPolicy(bundleJSON: Data(snapshot.bundle)),
                                      version: snapshot.version)
                } catch {
                    throw ReloadError("\(error)")
                }
            },
            replica: Replica(id: replicaID, host: "tests", pid: 1, channel: "production",
                             startedAt: Timestamp(secondsSince1970: 1_796_083_200), apps: []))
        settings.pollInterval = 0.05
        settings.backoff = Backoff(first: 0.01, cap: 0.05)
        adjust(&settings)
        follower = StoreFollower(holder: holder, settings: settings, log: log)
    }

    func hash(of app: String) -> String? { holder.snapshot?.apps[app]?.release.compiled.hash }

    /// The `state` of each log line of `event`.
    func states(_ event: String) -> [String] {
        log.compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["event"] as? String == event else { return nil }
            return object["state"] as? String
        }
    }

    func get(_ path: String) -> HTTPResponse {
        router.respond(to: HTTPRequest(method: "GET", path: path, query: [:], headers: [:], body: []))
    }
}

@Suite(.tags(.postgres)) struct StoreFollowerTests {
    @Test func onlyTheAppsWhoseHashChangedAreReloaded() async throws {
        let project = try PublishingProject()
        defer { project.remove() }
        let store = project.store
        try await project.publish()
        let followed = try FollowedStore(store: store)
        followed.follower.start(waitingUpTo: 10)
        defer { followed.follower.stop() }
        let lingualeap = try #require(followed.holder.snapshot?.apps["lingualeap"])
        let photocollage = try #require(followed.holder.snapshot?.apps["photocollage"])

        let etag = try await project.publish(price: "6.49")
        #expect(await eventually { followed.hash(of: "photocollage").map { "\"\($0)\"" } == etag })
        #expect(followed.holder.snapshot?.apps["lingualeap"] === lingualeap, "the unchanged app keeps its prepared answers")
        #expect(followed.holder.snapshot?.apps["photocollage"] !== photocollage)
        #expect(followed.log.last { $0.contains(#""event":"reload""#) }?.contains(#""changed":["photocollage"]"#) == true)
        #expect(followed.holder.snapshot?.apps["photocollage"]?.release.version == 2)
    }

    @Test func aPublishReachesTheFollowerThroughTheChangeFeed() async throws {
        let database = try TestDatabase.create("follower_feed")
        defer { database.drop() }
        let project = try PublishingProject(store: database.url)
        defer { project.remove() }
        try await project.publish()
        // Never read again but for notifications: a publish gets through only by the feed.
        let followed = try FollowedStore(store: database.url) { $0.backstopInterval = 3600 }
        followed.follower.start(waitingUpTo: 10)
        defer { followed.follower.stop() }
        #expect(followed.holder.snapshot?.apps.count == 2)
        let etag = try await project.publish(price: "7.49")
        #expect(await eventually { followed.hash(of: "photocollage").map { "\"\($0)\"" } == etag })
    }

    @Test func theBackstopReadFindsAChangeNoNotificationAnnounced() async throws {
        let database = try TestDatabase.create("follower_backstop")
        defer { database.drop() }
        let project = try PublishingProject(store: database.url)
        defer { project.remove() }
        let first = try await project.publish()
        let second = try await project.publish(price: "8.49")
        let followed = try FollowedStore(store: database.url) { $0.backstopInterval = 0.3 }
        followed.follower.start(waitingUpTo: 10)
        defer { followed.follower.stop() }
        #expect(followed.hash(of: "photocollage").map { "\"\($0)\"" } == second)
        // Behind the feed's back: the channel moves without a notification.
        try database.execute("""
            UPDATE channels SET snapshot_id = (SELECT id FROM snapshots WHERE app = 'photocollage' AND version = 1)
            WHERE app = 'photocollage' AND name = 'production'
            """)
        #expect(await eventually { followed.hash(of: "photocollage").map { "\"\($0)\"" } == first })
    }

    @Test func aStoreThatDoesNotAnswerYetIsWaitedFor() async throws {
        let project = try PublishingProject()
        defer { project.remove() }
        let store = project.store
        let etag = try await project.publish()
        let up = Atomic<Bool>(false)
        let attempts = Atomic<Int>(0)
        let followed = try FollowedStore(store: store) { settings in
            let open = settings.open
            settings.now = { Date(timeIntervalSince1970: 1_796_040_000) }
            settings.open = { (mode) throws(StoreError) in
                attempts.add(1, ordering: .relaxed)
                guard up.load(ordering: .relaxed) else { throw .cannotOpen(path: "the test's store") }
                return try open(mode)
            }
        }
        followed.follower.start(waitingUpTo: 10)
        defer { followed.follower.stop() }
        let waiting = followed.get("/readyz")
        #expect(waiting.status == 503)
        #expect(waiting.object["store"] as? String == "unreachable")
        #expect((waiting.object["detail"] as? String)?.hasPrefix("waiting for the store: the test's store cannot be") == true)
        #expect(waiting.object["since"] as? String == "2026-11-30T12:00:00Z", "the follower's clock times the outage")
        let metrics = followed.get("/metrics").text
        #expect(metrics.contains("tollgate_store_up 0"))
        #expect(metrics.contains("tollgate_store_failures_total ") && !metrics.contains("tollgate_store_failures_total 0\n"),
                "the failure is counted")
        #expect(await eventually { attempts.load(ordering: .relaxed) >= 4 }, "it keeps trying")
        #expect(followed.states("store") == ["waiting"], "one line for the state, not one per attempt")
        let reason = StoreError.cannotOpen(path: "the test's store").description
        #expect(followed.log.first { $0.hasPrefix(#"{"event":"store""#) }
            == #"{"event":"store","state":"waiting","store":"\#(store)","error":"\#(reason)"}"#)

        up.store(true, ordering: .relaxed)
        #expect(await eventually { followed.get("/readyz").status == 200 })
        #expect(followed.get("/readyz").object["store"] as? String == "ok")
        #expect(followed.hash(of: "photocollage").map { "\"\($0)\"" } == etag)
        #expect(followed.states("store") == ["waiting", "connected"])
    }

    @Test func aHeartbeatThatFailsIsLoggedOnceAndServingGoesOn() async throws {
        let project = try PublishingProject()
        defer { project.remove() }
        let store = project.store
        try await project.publish()
        let writes = Atomic<Int>(0)
        let followed = try FollowedStore(store: store) { settings in
            let open = settings.open
            settings.heartbeatInterval = 0.05
            settings.open = { (mode) throws(StoreError) in
                guard mode == .read else {
                    writes.add(1, ordering: .relaxed)
                    throw .readOnly(path: "store.sqlite")
                }
                return try open(mode)
            }
        }
        followed.follower.start(waitingUpTo: 10)
        defer { followed.follower.stop() }
        #expect(await eventually { writes.load(ordering: .relaxed) >= 4 }, "each heartbeat tries again")
        #expect(followed.states("heartbeat") == ["failing"])
        let reason = StoreError.readOnly(path: "store.sqlite").description
        #expect(followed.log.first { $0.hasPrefix(#"{"event":"heartbeat""#) }
            == #"{"event":"heartbeat","state":"failing","replica":"\#(followed.replicaID)","error":"\#(reason)"}"#)
        #expect(followed.log.contains { $0.contains("store.sqlite cannot be written") })
        let ready = followed.get("/readyz")
        #expect(ready.status == 200 && ready.object["store"] as? String == "ok")
        #expect(followed.states("store") == ["connected"])
    }

    @Test func aStoppedReplicaDeregisters() async throws {
        let project = try PublishingProject()
        defer { project.remove() }
        let store = project.store
        try await project.publish()
        let followed = try FollowedStore(store: store)
        followed.follower.start(waitingUpTo: 10)
        let registry = try StoreLocation(store).open(.read)
        #expect(await eventually { (try? registry.replicas(seenWithin: 30).count) == 1 })
        let listed = try registry.replicas(seenWithin: 30).first
        #expect(listed?.apps.map(\.app) == ["lingualeap", "photocollage"])
        #expect(listed?.apps.map(\.version) == [1, 1])
        followed.follower.stop()
        #expect(try registry.replicas(seenWithin: 30).isEmpty)
    }
}
