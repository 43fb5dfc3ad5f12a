/// The replicas serving the file, in the `replicas` and `replica_apps` tables; times are the store's
/// clock in UTC, ISO 8601 to the second.
extension SQLiteStore {
    /// A replica not heard from for this long is forgotten by the next heartbeat of any replica.
    static let forgetAfter = "-1 day"

    package func heartbeat(_ replica: Replica) throws(StoreError) {
        try write { () throws(SQLiteError) in
            try connection.prepare("""
                INSERT INTO replicas (id, host, pid, channel, started_at, last_seen)
                VALUES (?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
                ON CONFLICT (id) DO UPDATE SET host = excluded.host, pid = excluded.pid, channel = excluded.channel,
                    started_at = excluded.started_at, last_seen = excluded.last_seen
                """).run([.text(replica.id), .text(replica.host), .integer(Int64(replica.pid)), .text(replica.channel),
                          .text(replica.startedAt)])
            try connection.prepare("DELETE FROM replica_apps WHERE replica_id = ?").run([.text(replica.id)])
            let app = try connection.prepare("INSERT INTO replica_apps (replica_id, app, version, hash) VALUES (?, ?, ?, ?)")
            for served in replica.apps {
                try app.run([.text(replica.id), .text(served.app), .integer(Int64(served.version)), .text(served.hash)])
            }
            let cutoff = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '\(Self.forgetAfter)')"
            try connection.execute("""
                DELETE FROM replica_apps WHERE replica_id IN (SELECT id FROM replicas WHERE last_seen < \(cutoff));
                DELETE FROM replicas WHERE last_seen < \(cutoff)
                """)
        }
    }

    package func deregister(replica id: String) throws(StoreError) {
        try write { () throws(SQLiteError) in
            try connection.prepare("DELETE FROM replica_apps WHERE replica_id = ?").run([.text(id)])
            try connection.prepare("DELETE FROM replicas WHERE id = ?").run([.text(id)])
        }
    }

    /// A store no replica has written to since before the fleet tables existed has no replicas.
    package func replicas(seenWithin seconds: Int) throws(StoreError) -> [Replica] {
        try read { () throws(SQLiteError) in
            let hasTable = try connection.prepare(
                "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'replicas'").firstRow() != nil
            guard hasTable else { return [] }
            let recent = "last_seen >= strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-' || ?1 || ' seconds')"
            let within = [SQLiteValue.integer(Int64(seconds))]
            var apps: [String: [ChannelPointer]] = [:]
            for row in try connection.prepare("""
                SELECT replica_id, app, version, hash FROM replica_apps
                WHERE replica_id IN (SELECT id FROM replicas WHERE \(recent)) ORDER BY app
                """).rows(within) {
                apps[try row.text("replica_id"), default: []].append(
                    ChannelPointer(app: try row.text("app"), version: Int(try row.integer("version")), hash: try row.text("hash")))
            }
            let replicas = try connection.prepare("""
                SELECT id, host, pid, channel, started_at, last_seen FROM replicas WHERE \(recent) ORDER BY host, pid, id
                """).rows(within).map { (row) throws(SQLiteError) in
                let id = try row.text("id")
                return Replica(id: id, host: try row.text("host"), pid: Int(try row.integer("pid")),
                               channel: try row.text("channel"), startedAt: try row.text("started_at"),
                               lastSeen: try row.text("last_seen"), apps: apps[id] ?? [])
            }
            return replicas
        }
    }
}
