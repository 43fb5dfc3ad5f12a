/// The replicas serving the store, in the `replicas` and `replica_apps` tables. Last-seen times are the
/// store's clock (`SQLDialect.now`), so replicas on machines whose clocks disagree are judged alike.
extension DatabaseStore {
    /// A replica not heard from for this long is forgotten by the next heartbeat of any replica.
    static var forgetAfterSeconds: Int64 { 86_400 }

    package func heartbeat(_ replica: Replica) throws(StoreError) {
        let dialect = backend.dialect
        try backend.write(locking: nil) { () throws(Backend.Failure) in
            _ = try backend.query("""
                INSERT INTO replicas (id, host, pid, channel, started_at, last_seen)
                VALUES (?1, ?2, ?3, ?4, ?5, \(dialect.now))
                ON CONFLICT (id) DO UPDATE SET host = excluded.host, pid = excluded.pid, channel = excluded.channel,
                    started_at = excluded.started_at, last_seen = excluded.last_seen
                """, [.text(replica.id), .text(replica.host), .integer(Int64(replica.pid)), .text(replica.channel),
                      .timestamp(replica.startedAt)])
            _ = try backend.query("DELETE FROM replica_apps WHERE replica_id = ?1", [.text(replica.id)])
            for served in replica.apps {
                _ = try backend.query(
                    "INSERT INTO replica_apps (replica_id, app, version, hash) VALUES (?1, ?2, ?3, ?4)",
                    [.text(replica.id), .text(served.app), .integer(Int64(served.version)), .text(served.hash)])
            }
            let forgotten = "SELECT id FROM replicas WHERE last_seen < \(dialect.now(minusSecondsIn: 1))"
            let day = [StoreValue.integer(Self.forgetAfterSeconds)]
            _ = try backend.query("DELETE FROM replica_apps WHERE replica_id IN (\(forgotten))", day)
            _ = try backend.query("DELETE FROM replicas WHERE id IN (\(forgotten))", day)
        }
    }

    package func deregister(replica id: String) throws(StoreError) {
        try backend.write(locking: nil) { () throws(Backend.Failure) in
            _ = try backend.query("DELETE FROM replica_apps WHERE replica_id = ?1", [.text(id)])
            _ = try backend.query("DELETE FROM replicas WHERE id = ?1", [.text(id)])
        }
    }

    /// A store no replica has written to since before the fleet tables existed has no replicas.
    package func replicas(seenWithin seconds: Int) throws(StoreError) -> [Replica] {
        let recent = "last_seen >= \(backend.dialect.now(minusSecondsIn: 1))"
        let within = [StoreValue.integer(Int64(seconds))]
        return try read { () throws(Backend.Failure) in
            guard try backend.hasTable("replicas") else { return [] }
            var apps: [String: [ChannelPointer]] = [:]
            for row in try backend.query("""
                SELECT replica_id, app, version, hash FROM replica_apps
                WHERE replica_id IN (SELECT id FROM replicas WHERE \(recent)) ORDER BY app
                """, within) {
                apps[try row.text("replica_id"), default: []].append(
                    ChannelPointer(app: try row.text("app"), version: Int(try row.integer("version")),
                                   hash: try row.text("hash")))
            }
            return try backend.query("""
                SELECT id, host, pid, channel, started_at, last_seen FROM replicas WHERE \(recent)
                ORDER BY host, pid, id
                """, within).map { (row) throws(Backend.Failure) in
                let id = try row.text("id")
                return Replica(id: id, host: try row.text("host"), pid: Int(try row.integer("pid")),
                               channel: try row.text("channel"), startedAt: try row.timestamp("started_at"),
                               lastSeen: try row.timestamp("last_seen"), apps: apps[id] ?? [])
            }
        }
    }
}
