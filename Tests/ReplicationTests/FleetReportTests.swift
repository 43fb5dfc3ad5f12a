import Replication
import Store
import Testing

/// Fleet convergence: a replica converged when it serves exactly what its channel points at.
@Suite struct FleetReportTests {
    static let current = [ChannelPointer(app: "alpha", version: 2, hash: "sha256:a2"),
                          ChannelPointer(app: "beta", version: 1, hash: "sha256:b1")]

    static func replica(_ id: String, channel: String = "production", apps: [ChannelPointer]) -> Replica {
        Replica(id: id, host: "host", pid: 1, channel: channel, startedAt: "2026-12-01T00:00:00Z",
                lastSeen: "2026-12-01T00:00:05Z", apps: apps)
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
}
