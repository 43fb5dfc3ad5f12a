import Foundation
import Testing
import TestSupport

/// Three real `tollgate serve --store postgres://…` replicas on a real PostgreSQL: a publish is live on all
/// of them; they keep answering while the database is down and catch up after; one started while the
/// database is down waits, then serves.
@Suite(.serialized, .tags(.postgres)) struct ReplicaTests {
    /// Starts `count` replicas of `store`'s production channel.
    static func replicas(_ count: Int, store: String) async throws -> [ServedTollgate] {
        var replicas: [ServedTollgate] = []
        for _ in 0..<count {
            replicas.append(try await ServedTollgate(options: ["--store", store]))
        }
        return replicas
    }

    /// The replica's `tollgate_store_failures_total`: how many times it failed to reach or read the store.
    static func storeFailures(of replica: ServedTollgate) async throws -> Int {
        let metrics = String(decoding: try await replica.request("GET", "/metrics").body, as: UTF8.self)
        let line = metrics.split(separator: "\n").first { $0.hasPrefix("tollgate_store_failures_total ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
    }

    /// Whether every replica serves `etag` for photocollage.
    static func allServe(_ etag: String, _ replicas: [ServedTollgate]) async throws -> Bool {
        for replica in replicas where try await replica.etag(app: "photocollage") != etag { return false }
        return true
    }

    @Test func aPublishIsLiveOnAllThreeReplicasAndTheFleetSeesThemConverge() async throws {
        let database = try TestDatabase.create("replicas_publish")
        defer { database.drop() }
        let project = try PublishingProject(store: database.url)
        defer { project.remove() }
        try await project.publish()
        let replicas = try await Self.replicas(3, store: database.url)
        for replica in replicas {
            let ready = try await replica.readiness()
            #expect(ready.status == 200 && ready.body["store"] as? String == "ok", "\(ready.body)")
        }

        let etag = try await project.publish(price: "3.49")
        #expect(try await eventually { try await Self.allServe(etag, replicas) }, "every replica serves \(etag)")
        for replica in replicas {
            let metrics = String(decoding: try await replica.request("GET", "/metrics").body, as: UTF8.self)
            #expect(metrics.contains(#"tollgate_policy_version{app="photocollage"} 2"#))
            #expect(metrics.contains(#"tollgate_policy_version{app="lingualeap"} 1"#))
            #expect(metrics.contains("tollgate_store_up 1"))
            #expect(replica.events("reload").last?["changed"] as? [String] == ["photocollage"],
                    "only the app published is reloaded")
        }

        var fleet: [String: Any] = [:]
        let converged = try await eventually {
            let result = try await project.tollgate(["fleet", "--store", database.url, "--format", "json"])
            fleet = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
            return fleet["converged"] as? Bool == true && (fleet["replicas"] as? [Any])?.count == 3
        }
        #expect(converged, "tollgate fleet lists the three replicas, converged: \(fleet)")
        let listed = (fleet["replicas"] as? [[String: Any]] ?? []).compactMap { $0["pid"] as? Int }.sorted()
        #expect(listed.count == 3)

        for replica in replicas { #expect(await replica.stop() == 0) }
        let after = try await project.tollgate(["fleet", "--store", database.url, "--format", "json"])
        let left = try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [String: Any]
        #expect((left?["replicas"] as? [Any])?.isEmpty == true, "stopped replicas deregister: \(after.stdout)")
    }

    @Test func replicasKeepServingWhilePostgreSQLIsDownAndCatchUpAfterItRestarts() async throws {
        try await OwnCluster.with { cluster in try await Self.keepServingAndCatchUp(cluster) }
    }

    static func keepServingAndCatchUp(_ cluster: OwnCluster) async throws {
        let project = try PublishingProject(store: cluster.url)
        defer { project.remove() }
        let first = try await project.publish()
        let replicas = try await Self.replicas(3, store: cluster.url)
        #expect(try await Self.allServe(first, replicas))

        try await cluster.pause()
        for replica in replicas {
            var ready = try await replica.readiness()
            #expect(try await eventually {
                ready = try await replica.readiness()
                return ready.body["store"] as? String == "unreachable"
            }, "readyz says the store is unreachable: \(ready.body)")
            #expect(ready.status == 200, "a replica that was loaded stays ready")
            #expect(ready.body["since"] is String)
            #expect(try await replica.request("POST", "/v1/apps/photocollage/evaluate", json: evaluateBody).status == 200)
            #expect(try await replica.etag(app: "photocollage") == first, "the last good snapshot is served")
            let metrics = String(decoding: try await replica.request("GET", "/metrics").body, as: UTF8.self)
            #expect(metrics.contains("tollgate_store_up 0"))
        }
        // Several reconnection attempts fail meanwhile (the counter says when); each replica logs the loss once.
        for replica in replicas {
            #expect(try await eventually { try await Self.storeFailures(of: replica) >= 3 }, "replicas retry")
            #expect(replica.events("store").compactMap { $0["state"] as? String } == ["connected", "lost"])
        }

        // Published as soon as the database is back, while the replicas' listeners are still down: they
        // learn of it by reading the pointers again when they reconnect.
        try await cluster.restart()
        let second = try await project.publish(price: "3.99")
        #expect(try await eventually { try await Self.allServe(second, replicas) }, "every replica caught up")
        for replica in replicas {
            let ready = try await replica.readiness()
            #expect(ready.status == 200 && ready.body["store"] as? String == "ok", "\(ready.body)")
            #expect(replica.events("store").compactMap { $0["state"] as? String } == ["connected", "lost", "reconnected"])
        }

        // Reconnected replicas listen again: a later publish reaches them too.
        let third = try await project.publish(price: "4.49")
        #expect(try await eventually { try await Self.allServe(third, replicas) })
        for replica in replicas { #expect(await replica.stop() == 0) }
    }

    @Test func aReplicaStartedWhileTheDatabaseIsDownWaitsThenServes() async throws {
        try await OwnCluster.with { cluster in try await Self.waitThenServe(cluster) }
    }

    static func waitThenServe(_ cluster: OwnCluster) async throws {
        let project = try PublishingProject(store: cluster.url)
        defer { project.remove() }
        let published = try await project.publish()
        try await cluster.pause()

        let replica = try await ServedTollgate(options: ["--store", cluster.url])
        let waiting = try await replica.readiness()
        #expect(waiting.status == 503)
        #expect(waiting.body["store"] as? String == "unreachable")
        #expect((waiting.body["detail"] as? String)?.hasPrefix("waiting for the store: cannot reach the store ") == true,
                "\(waiting.body)")
        #expect(replica.events("store").compactMap { $0["state"] as? String } == ["waiting"])
        #expect(replica.listening?["apps"] as? Int == 0)

        try await cluster.restart()
        #expect(try await eventually { try await replica.readiness().status == 200 }, "ready once the database is up")
        #expect(try await replica.etag(app: "photocollage") == published)
        #expect(try await replica.readiness().body["store"] as? String == "ok")
        #expect(replica.events("store").compactMap { $0["state"] as? String } == ["waiting", "connected"])
        #expect(await replica.stop() == 0)
    }
}
