package import Store
import TollgateEvaluation

/// What `tollgate fleet` reports: what each channel points at, and each replica seen lately with what it
/// serves and whether that is what its channel points at.
package struct FleetReport: Encodable, Equatable, Sendable {
    /// Whether every replica listed serves what its channel points at.
    package var converged: Bool
    /// Per channel a replica serves, what it points at, by app.
    package var channels: [String: [FleetApp]]
    package var replicas: [FleetReplica]

    /// The report on `replicas`, against what their channels point at.
    package init(replicas: [Replica], pointers: [String: [ChannelPointer]]) {
        channels = pointers.mapValues { $0.map { FleetApp(app: $0.app, version: $0.version, hash: $0.hash) } }
        self.replicas = replicas.map { replica in
            let wanted = Dictionary((pointers[replica.channel] ?? []).map { ($0.app, $0.hash) }) { first, _ in first }
            let apps = replica.apps.map { served in
                FleetApp(app: served.app, version: served.version, hash: served.hash,
                         converged: wanted[served.app] == served.hash)
            }
            let missing = wanted.keys.filter { app in !replica.apps.contains { $0.app == app } }.sorted()
            return FleetReplica(id: replica.id, host: replica.host, pid: replica.pid, channel: replica.channel,
                                startedAt: replica.startedAt.description, lastSeen: replica.lastSeen?.description ?? "",
                                converged: missing.isEmpty && apps.allSatisfy { $0.converged == true },
                                apps: apps, missing: missing)
        }
        converged = self.replicas.allSatisfy(\.converged)
    }
}

/// One replica in the fleet report.
package struct FleetReplica: Encodable, Equatable, Sendable {
    package var id: String
    package var host: String
    package var pid: Int
    package var channel: String
    package var startedAt: String
    package var lastSeen: String
    /// Whether it serves exactly what its channel points at.
    package var converged: Bool
    /// What it serves.
    package var apps: [FleetApp]
    /// Apps its channel points at that it does not serve.
    package var missing: [String]

    enum CodingKeys: String, CodingKey {
        case id, host, pid, channel, startedAt = "started_at", lastSeen = "last_seen", converged, apps, missing
    }
}

/// An app at a version: what a channel points at, or what a replica serves (then with `converged`).
package struct FleetApp: Encodable, Equatable, Sendable {
    package var app: String
    package var version: Int
    package var hash: String
    /// For a replica's app: whether its channel points at this hash.
    package var converged: Bool?

    /// `app v7 (d2df73df5e84)`.
    package var text: String { "\(app) v\(version) (\(hash.dropFirst(7).prefix(12)))" }
}

extension FleetReport {
    /// The report on the replicas of `store` heard from in the last `seconds`, of `channel` or of every
    /// channel, against what their channels point at now.
    package static func read(from store: any PolicyStore, channel: String?, seenWithin seconds: Int)
        throws(StoreError) -> FleetReport
    {
        let replicas = try store.replicas(seenWithin: seconds).filter { replica in
            channel.map { $0 == replica.channel } ?? true
        }
        var pointers: [String: [ChannelPointer]] = [:]
        for channel in Set(replicas.map(\.channel)) {
            pointers[channel] = try store.pointers(channel: channel)
        }
        return FleetReport(replicas: replicas, pointers: pointers)
    }
}
