import Store
import TollgateEvaluation

/// What `tollgate fleet` reports: what each channel points at, and each replica seen lately with what it
/// serves and whether that is what its channel points at.
struct FleetReport: Encodable, Equatable {
    /// Whether every replica listed serves what its channel points at.
    var converged: Bool
    /// Per channel a replica serves, what it points at, by app.
    var channels: [String: [FleetApp]]
    var replicas: [FleetReplica]

    /// The report on `replicas`, against what their channels point at.
    init(replicas: [Replica], pointers: [String: [ChannelPointer]]) {
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
struct FleetReplica: Encodable, Equatable {
    var id: String
    var host: String
    var pid: Int
    var channel: String
    var startedAt: String
    var lastSeen: String
    /// Whether it serves exactly what its channel points at.
    var converged: Bool
    /// What it serves.
    var apps: [FleetApp]
    /// Apps its channel points at that it does not serve.
    var missing: [String]

    enum CodingKeys: String, CodingKey {
        case id, host, pid, channel, startedAt = "started_at", lastSeen = "last_seen", converged, apps, missing
    }
}

/// An app at a version: what a channel points at, or what a replica serves (then with `converged`).
struct FleetApp: Encodable, Equatable {
    var app: String
    var version: Int
    var hash: String
    /// For a replica's app: whether its channel points at this hash.
    var converged: Bool?

    /// `app v7 (d2df73df5e84)`.
    var text: String { "\(app) v\(version) (\(hash.dropFirst(7).prefix(12)))" }
}
