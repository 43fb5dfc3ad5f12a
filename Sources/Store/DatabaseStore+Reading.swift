/// Reading the store: history, snapshots, apps, catalogs and pointers.
extension DatabaseStore {
    /// Publishes and rollbacks, newest first, optionally of one app and one channel.
    package func history(app: String?, channel: String?) throws(StoreError) -> [HistoryEntry] {
        try read { () throws(Backend.Failure) in
            try backend.query("""
                SELECT s.version, s.hash, a.app, a.channel, a.action, a.author, a.message, a.created_at,
                       CASE WHEN a.id = (SELECT MAX(b.id) FROM audit b WHERE b.app = a.app AND b.channel = a.channel)
                            THEN 1 ELSE 0 END AS active
                FROM audit a JOIN snapshots s ON s.id = a.snapshot_id
                WHERE (?1 IS NULL OR a.app = ?1) AND (?2 IS NULL OR a.channel = ?2)
                ORDER BY a.id DESC
                """, [app.map(StoreValue.text) ?? .null, channel.map(StoreValue.text) ?? .null]).map {
                (row) throws(Backend.Failure) in
                HistoryEntry(version: Int(try row.integer("version")), hash: try row.text("hash"),
                             app: try row.text("app"), channel: try row.text("channel"),
                             action: try action(row), author: try row.text("author"),
                             message: try row.text("message"), createdAt: try row.timestamp("created_at"),
                             active: try row.integer("active") == 1)
            }
        }
    }

    /// The snapshot `reference` names for `app`: a version number, or a prefix of its hash (with or
    /// without `sha256:`), with its files.
    package func snapshot(app: String, reference: String) throws(StoreError) -> Snapshot {
        let target = try resolve(app: app, reference: reference)
        return try read { () throws(Backend.Failure) in try snapshot(app: app, target) }
    }

    /// The snapshot `channel` serves for `app`, or nil when nothing was published there.
    package func active(app: String, channel: String) throws(StoreError) -> Snapshot? {
        try read { () throws(Backend.Failure) in
            try backend.query("""
                SELECT s.id, s.version, s.hash FROM channels c JOIN snapshots s ON s.id = c.snapshot_id
                WHERE c.app = ?1 AND c.name = ?2
                """, [.text(app), .text(channel)])
                .first.map { (row) throws(Backend.Failure) in try snapshot(app: app, target(row)) }
        }
    }

    /// The apps with at least one snapshot, sorted.
    package func apps() throws(StoreError) -> [String] {
        try read { () throws(Backend.Failure) in try appNames() }
    }

    /// Every product id `app` has published, with its type, and the app's newest version.
    ///
    /// The products and the newest version come from one statement, which sees the database as of one moment:
    /// read one after the other, a publish committed in between made every product look removed.
    package func catalog(app: String) throws(StoreError) -> PublishedCatalog {
        try read { () throws(Backend.Failure) in
            var latest: Int64?
            let products = try backend.query("""
                SELECT product_id, type, first_version, last_version,
                       (SELECT COALESCE(MAX(version), 0) FROM snapshots WHERE app = ?1) AS latest
                FROM products WHERE app = ?1
                """, [.text(app)])
                .map { (row) throws(Backend.Failure) in
                    latest = try row.integer("latest")
                    return PublishedProduct(id: try row.text("product_id"), type: try row.text("type"),
                                            firstVersion: Int(try row.integer("first_version")),
                                            lastVersion: Int(try row.integer("last_version")))
                }
            let newest = if let latest { latest } else { try latestVersion(of: app) }
            return PublishedCatalog(products: Dictionary(products.map { ($0.id, $0) }) { first, _ in first },
                                    latestVersion: Int(newest))
        }
    }

    /// What `channel` serves for every app, sorted by app (by its bytes), in one query.
    package func pointers(channel: String) throws(StoreError) -> [ChannelPointer] {
        try read { () throws(Backend.Failure) in
            try backend.query("""
                SELECT c.app, s.version, s.hash FROM channels c JOIN snapshots s ON s.id = c.snapshot_id
                WHERE c.name = ?1
                """, [.text(channel)]).map { (row) throws(Backend.Failure) in
                ChannelPointer(app: try row.text("app"), version: Int(try row.integer("version")),
                               hash: try row.text("hash"))
            }
            .sorted { $0.app.utf8.lexicographicallyPrecedes($1.app.utf8) }
        }
    }

    // MARK: Helpers

    /// The one snapshot of `app` that `reference` names, or the error that says why there is none.
    func resolve(app: String, reference: String) throws(StoreError) -> Target {
        let (matches, apps) = try read { () throws(Backend.Failure) in
            let rows = switch SnapshotReference(reference) {
            case .version(let version):
                try backend.query("SELECT id, version, hash FROM snapshots WHERE app = ?1 AND version = ?2",
                                  [.text(app), .integer(version)])
            case .hashPrefix(let prefix):
                try backend.query("""
                    SELECT id, version, hash FROM snapshots WHERE app = ?1 AND substr(hash, 1, length(?2)) = ?2
                    ORDER BY version
                    """, [.text(app), .text(prefix)])
            }
            let matches = try rows.map { (row) throws(Backend.Failure) in try target(row) }
            return (matches, matches.isEmpty ? try appNames() : [])
        }
        return try SnapshotReference.only(matches, version: \.version, app: app, reference: reference, knownApps: apps)
    }

    /// The newest version of `app`, 0 before its first publish.
    func latestVersion(of app: String) throws(Backend.Failure) -> Int64 {
        try backend.queryRow("SELECT COALESCE(MAX(version), 0) AS latest FROM snapshots WHERE app = ?1", [.text(app)])
            .integer("latest")
    }

    /// The snapshot `target` of `app`, with its files.
    private func snapshot(app: String, _ target: Target) throws(Backend.Failure) -> Snapshot {
        let row = try backend.queryRow("SELECT bundle, author, message, created_at FROM snapshots WHERE id = ?1",
                                       [.integer(target.id)])
        let files = try backend.query("SELECT path, content FROM snapshot_files WHERE snapshot_id = ?1",
                                      [.integer(target.id)])
            .map { (file) throws(Backend.Failure) in (try file.text("path"), try file.blob("content")) }
        return Snapshot(app: app, version: target.version, hash: target.hash, bundle: try row.blob("bundle"),
                        files: Dictionary(files) { first, _ in first }, author: try row.text("author"),
                        message: try row.text("message"), createdAt: try row.timestamp("created_at"))
    }

    /// The apps with at least one snapshot, sorted by their bytes (as SQLite's binary collation, whatever
    /// collation a PostgreSQL database has).
    private func appNames() throws(Backend.Failure) -> [String] {
        try backend.query("SELECT DISTINCT app FROM snapshots", [])
            .map { (row) throws(Backend.Failure) in try row.text("app") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private func target(_ row: Backend.Record) throws(Backend.Failure) -> Target {
        (id: try row.integer("id"), version: Int(try row.integer("version")), hash: try row.text("hash"))
    }

    /// The action of an audit row; the schema's CHECK allows only the actions `HistoryEntry.Action` names.
    private func action(_ row: Backend.Record) throws(Backend.Failure) -> HistoryEntry.Action {
        try row.parsed("action", expected: "'publish' or 'rollback'", HistoryEntry.Action.init(rawValue:))
    }
}
