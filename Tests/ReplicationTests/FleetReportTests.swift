import Replication
import Store
import Testing
import TollgateEvaluation

/// Fleet convergence: a replica converged when it serves exactly what its channel points at.
@Suite struct FleetReportTests {
    static let current = [ChannelPointer(app: "alpha", version: 2, hash: "sha256:a2"),
                          ChannelPointer(app: "beta", version: 1, hash: "sha256:b1")]

    static func replica(_ id: String, channel: String = "production", apps: [ChannelPointer]) -> Replica {
        Replica(id: id, host: "host", pid: 1, channel: channel, startedAt: Timestamp(secondsSince1970: 1_796_083_200),
                lastSeen: Timestamp(secondsSince1970: 1_796_083_205), apps: apps)
    }

    @Test func aReplicaServingWhatItsChannelPointsAtHasConverged() {
        let report = FleetReport(replicas: [Self.replica("a", apps: Self.current)],
                                 pointers: ["production": Self.current])
        #expect(report.converged)
        #expect(report.replicas.map(\.converged) == [true])
        #expect(report.replicas[0].apps.map(\.converged) == [true, true])
        #expect(report.replicas[0].missing.isEmpty)
        #expect(report.channels["production"]?.map(\.text) == ["alpha v2 (a2)", "beta v1 (b1)"])
    }

    @Test func anOlderHashOrAMissingAppIsNotConverged() {
        let behind = [ChannelPointer(app: "alpha", version: 1, hash: "sha256:a1")]
        let report = FleetReport(replicas: [Self.replica("a", apps: Self.current), Self.replica("b", apps: behind)],
                                 pointers: ["production": Self.current])
        #expect(!report.converged)
        #expect(report.replicas.map(\.converged) == [true, false])
        #expect(report.replicas[1].apps.map(\.converged) == [false])
        #expect(report.replicas[1].missing == ["beta"])
    }

    @Test func aReplicaIsComparedWithItsOwnChannel() {
        let staging = [ChannelPointer(app: "alpha", version: 3, hash: "sha256:a3")]
        let report = FleetReport(replicas: [Self.replica("s", channel: "staging", apps: staging)],
                                 pointers: ["production": Self.current, "staging": staging])
        #expect(report.converged)
        #expect(report.replicas[0].missing.isEmpty)
    }

    /// The report read from a store: the replicas it heard from, of one channel or of all, against what
    /// each channel points at there.
    @Test func theReportIsReadFromTheStoresRegistryAndChannels() throws {
        let (path, remove) = TemporaryStore.make()
        defer { remove() }
        let store = try StoreLocation.sqlite(path: path).open(.create)
        let hash = "sha256:" + String(repeating: "a", count: 64)
        _ = try store.publish(Publication(app: "alpha", channel: "production", hash: hash, bundle: Array("{}".utf8),
                                          files: ["Policies/alpha.yaml": Array("format: tollgate/v1\n".utf8)],
                                          products: [], author: "tester", message: "",
                                          createdAt: Timestamp(secondsSince1970: 1_796_040_000)))
        let served = [ChannelPointer(app: "alpha", version: 1, hash: hash)]
        try store.heartbeat(Replica(id: "p", host: "h", pid: 1, channel: "production", startedAt: Timestamp(secondsSince1970: 1_796_083_200),
                                    apps: served))
        try store.heartbeat(Replica(id: "s", host: "h", pid: 2, channel: "staging", startedAt: Timestamp(secondsSince1970: 1_796_083_200),
                                    apps: served))

        let all = try FleetReport.read(from: store, channel: nil, seenWithin: 30)
        #expect(all.replicas.map(\.id) == ["p", "s"])
        #expect(all.channels["production"]?.map(\.app) == ["alpha"])
        #expect(all.channels["staging"] == [], "nothing is published on staging")
        #expect(!all.converged, "the staging replica serves an app its channel does not have")

        let production = try FleetReport.read(from: store, channel: "production", seenWithin: 30)
        #expect(production.replicas.map(\.id) == ["p"])
        #expect(production.converged)
    }
}
