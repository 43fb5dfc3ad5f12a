import Foundation
import Store
import Testing
import TestSupport
import TollgateEvaluation

/// A store both backends provide for a fleet test, removed after.
enum FleetBackend: String, CaseIterable, Sendable {
    case sqlite, postgres

    /// A new empty store and a way to make a replica's heartbeat `seconds` old behind the store's back.
    func make() throws -> (store: String, age: (_ replica: String, _ seconds: Int) throws -> Void, remove: () -> Void) {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-fleet-\(UUID())")
            let path = folder.appendingPathComponent("store.sqlite").path
            return (path, { replica, seconds in
                try Connection(path: path).execute("""
                    UPDATE replicas SET last_seen = strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-\(seconds) seconds')
                    WHERE id = '\(replica)'
                    """)
            }, { try? FileManager.default.removeItem(at: folder) })
        case .postgres:
            let database = try TestDatabase.create("fleet")
            return (database.url, { replica, seconds in
                try database.execute("UPDATE replicas SET last_seen = now() - interval '\(seconds) seconds' WHERE id = '\(replica)'")
            }, { database.drop() })
        }
    }
}

/// `tollgate fleet` on both backends: the replicas heard from in the last 30 seconds, what they serve, and
/// whether it is what their channel points at.
@Suite(.tags(.postgres)) struct FleetTests {
    static func fleet(_ arguments: [String], in project: PublishingProject) throws -> ChildProcessResult {
        try BuiltTollgate.run(["fleet"] + arguments, in: project.folder.path)
    }

    static func json(_ result: ChildProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test(arguments: FleetBackend.allCases)
    func recentReplicasAreListedWithWhetherTheyConverged(backend: FleetBackend) async throws {
        let (store, age, remove) = try backend.make()
        defer { remove() }
        let project = try PublishingProject(store: store)
        defer { project.remove() }
        try await project.publish()
        let registry = try StoreLocation(store).open(.write)
        let pointers = try registry.pointers(channel: "production")
        let current = pointers.map { ChannelPointer(app: $0.app, version: $0.version, hash: $0.hash) }
        let behind = [ChannelPointer(app: "photocollage", version: 0, hash: "sha256:" + String(repeating: "0", count: 64))]
        for (id, apps) in [("a-current", current), ("b-behind", behind), ("c-stale", current)] {
            try registry.heartbeat(Replica(id: id, host: "host-\(id.prefix(1))", pid: 100, channel: "production",
                                           startedAt: Timestamp(secondsSince1970: 1_796_083_200), apps: apps))
        }
        try age("c-stale", 31)

        let result = try Self.fleet(["--store", store, "--format", "json"], in: project)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.json(result)
        let replicas = try #require(report["replicas"] as? [[String: Any]])
        try #require(replicas.map { $0["id"] as? String } == ["a-current", "b-behind"], "a stale replica is not listed")
        #expect(report["converged"] as? Bool == false)
        #expect(replicas.map { $0["converged"] as? Bool } == [true, false])
        #expect(replicas[0]["missing"] as? [String] == [])
        #expect(replicas[1]["missing"] as? [String] == ["lingualeap"])
        let behindApps = try #require(replicas[1]["apps"] as? [[String: Any]])
        #expect(behindApps.map { $0["converged"] as? Bool } == [false])
        #expect((replicas[0]["last_seen"] as? String)?.hasSuffix("Z") == true)
        let channel = try #require((report["channels"] as? [String: Any])?["production"] as? [[String: Any]])
        #expect(channel.map { $0["app"] as? String } == ["lingualeap", "photocollage"])

        let text = try Self.fleet(["--store", store], in: project).stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("channel production: lingualeap v1 (") == true, "\(text)")
        #expect(lines.contains { $0.hasPrefix("a-curren  host-a  100  production") && $0.contains("  yes  ") })
        #expect(lines.contains { $0.hasPrefix("b-behind  host-b  100  production") && $0.hasSuffix("lingualeap missing") })

        try registry.deregister(replica: "a-current")
        #expect(try Self.json(try Self.fleet(["--store", store, "--format", "json"], in: project))["replicas"]
            .map { ($0 as? [[String: Any]])?.count } == 1)
        let staging = try Self.fleet(["--store", store, "--channel", "staging"], in: project)
        #expect(staging.status == 0)
        #expect(staging.stdout == "no replica of \(StoreLocation(store).name) was heard from in the last 30 seconds\n")
    }

    @Test func aRealReplicaOnSQLiteHeartbeatsAndConverges() async throws {
        let (store, _, remove) = try FleetBackend.sqlite.make()
        defer { remove() }
        let project = try PublishingProject(store: store)
        defer { project.remove() }
        try await project.publish()
        let replica = try await ServedTollgate(options: ["--store", store])
        let etag = try await project.publish(price: "5.49")
        var report: [String: Any] = [:]
        let converged = try await eventually {
            report = try Self.json(try Self.fleet(["--store", store, "--format", "json"], in: project))
            let apps = (report["replicas"] as? [[String: Any]])?.first?["apps"] as? [[String: Any]]
            return report["converged"] as? Bool == true && apps?.contains { $0["version"] as? Int == 2 } == true
        }
        #expect(converged, "\(report)")
        #expect(try await replica.etag(app: "photocollage") == etag)
        #expect(replica.events("heartbeat").map { $0["state"] as? String } == ["ok"])
        #expect(await replica.stop() == 0)
    }

    @Test func aStoreThatCannotBeReadExitsTwo() throws {
        let project = try PublishingProject(store: "")
        defer { project.remove() }
        let missing = try Self.fleet(["--store", "nowhere/store.sqlite"], in: project)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: no store at "), "\(missing.stderr)")
        let unreachable = try Self.fleet(["--store", "postgresql://tollgate:secret@127.0.0.1:1/tollgate"], in: project)
        #expect(unreachable.status == 2)
        #expect(unreachable.stderr.hasPrefix("error: cannot reach the store postgresql://tollgate@127.0.0.1:1/tollgate"),
                "\(unreachable.stderr)")
        #expect(!unreachable.stderr.contains("secret"))
    }
}
