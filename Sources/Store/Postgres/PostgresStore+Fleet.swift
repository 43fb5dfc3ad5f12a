/// The replicas serving the database, in the `replicas` and `replica_apps` tables; last-seen times are
/// the server's clock, so replicas on machines whose clocks disagree are judged alike.
extension PostgresStore {
    package func heartbeat(_ replica: Replica) throws(StoreError) {
        try run { () throws(PostgresError) in
            try connection.transaction { () throws(PostgresError) in
                try connection.execute("""
                    INSERT INTO replicas (id, host, pid, channel, started_at, last_seen) VALUES ($1, $2, $3, $4, $5, now())
                    ON CONFLICT (id) DO UPDATE SET host = excluded.host, pid = excluded.pid, channel = excluded.channel,
                        started_at = excluded.started_at, last_seen = excluded.last_seen
                    """, [.text(replica.id), .text(replica.host), .integer(Int64(replica.pid)), .text(replica.channel),
                          .text(replica.startedAt)])
                try connection.execute("DELETE FROM replica_apps WHERE replica_id = $1", [.text(replica.id)])
                for served in replica.apps {
                    try connection.execute(
                        "INSERT INTO replica_apps (replica_id, app, version, hash) VALUES ($1, $2, $3, $4)",
                        [.text(replica.id), .text(served.app), .integer(Int64(served.version)), .text(served.hash)])
                }
                // Replicas not heard from for a day are forgotten; their apps go with them (ON DELETE CASCADE).
                _ = try connection.execute("DELETE FROM replicas WHERE last_seen < now() - interval '1 day'")
            }
        }
    }

    package func deregister(replica id: String) throws(StoreError) {
        try run { () throws(PostgresError) in
            _ = try connection.execute("DELETE FROM replicas WHERE id = $1", [.text(id)])
        }
    }

    /// A database no replica has written to since before the fleet tables existed has no replicas.
    package func replicas(seenWithin seconds: Int) throws(StoreError) -> [Replica] {
        try run { () throws(PostgresError) in
            let present = try connection.execute("SELECT to_regclass('replicas') IS NOT NULL AS present")
            guard try present.first?.bool("present") == true else { return [] }
            let recent = "last_seen >= now() - $1::bigint * interval '1 second'"
            let within = [StoreValue.integer(Int64(seconds))]
            var apps: [String: [ChannelPointer]] = [:]
            for row in try connection.execute("""
                SELECT replica_id, app, version, hash FROM replica_apps
                WHERE replica_id IN (SELECT id FROM replicas WHERE \(recent)) ORDER BY app
                """, within) {
                apps[try row.text("replica_id"), default: []].append(
                    ChannelPointer(app: try row.text("app"), version: Int(try row.integer("version")), hash: try row.text("hash")))
            }
            return try connection.execute("""
                SELECT id, host, pid, channel, started_at,
                       to_char(last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS last_seen
                FROM replicas WHERE \(recent) ORDER BY host, pid, id
                """, within).map { (row) throws(PostgresError) in
                let id = try row.text("id")
                return Replica(id: id, host: try row.text("host"), pid: Int(try row.integer("pid")),
                               channel: try row.text("channel"), startedAt: try row.text("started_at"),
                               lastSeen: try row.text("last_seen"), apps: apps[id] ?? [])
            }
        }
    }
}
