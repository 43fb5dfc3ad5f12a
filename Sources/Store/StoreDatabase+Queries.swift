/// The statements of `PolicyStore`, written once in the SQL both backends read; each store wraps them
/// in its transactions and errors.
extension StoreDatabase {
    /// A snapshot that a reference or a channel names.
    typealias Target = (id: Int64, version: Int, hash: String)

    /// Publishes inside the caller's write transaction: a snapshot already published is reused, one the
    /// channel already serves changes nothing, and conflicts with what the store holds refuse it.
    func publish(_ publication: Publication) throws(Failure) -> PublishResult {
        let app = StoreValue.text(publication.app)
        let existing = try query("SELECT id, version FROM snapshots WHERE app = ?1 AND hash = ?2",
                                 [app, .text(publication.hash)])
            .first.map { (row) throws(Failure) in (id: try row.integer("id"), version: try row.integer("version")) }
        if let existing, try activeSnapshotID(app: publication.app, channel: publication.channel) == existing.id {
            return .applied(.alreadyActive(version: Int(existing.version), hash: publication.hash))
        }
        let latest = try latestVersion(of: publication.app)
        let conflicts = try conflicts(with: publication, latest: latest)
        guard conflicts.isEmpty else { return .refused(conflicts, latestVersion: Int(latest)) }
        let id: Int64
        let version: Int64
        if let existing {
            (id, version) = existing
        } else {
            version = latest + 1
            id = try queryRow("""
                INSERT INTO snapshots (app, version, hash, bundle, author, message, created_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id
                """, [app, .integer(version), .text(publication.hash), .bytes(publication.bundle),
                      .text(publication.author), .text(publication.message), .text(publication.createdAt)])
                .integer("id")
            for (path, content) in publication.files.sorted(by: { $0.key < $1.key }) {
                _ = try query("INSERT INTO snapshot_files (snapshot_id, path, content) VALUES (?1, ?2, ?3)",
                              [.integer(id), .text(path), .bytes(content)])
            }
            for (productID, type) in publication.products {
                _ = try query("""
                    INSERT INTO products (app, product_id, type, first_version, last_version) VALUES (?1, ?2, ?3, ?4, ?4)
                    ON CONFLICT (app, product_id) DO UPDATE SET last_version = excluded.last_version
                    """, [app, .text(productID), .text(type), .integer(version)])
            }
        }
        let entry = try point(app: publication.app, channel: publication.channel, at: (id, Int(version), publication.hash),
                              action: "publish", author: publication.author, message: publication.message,
                              createdAt: publication.createdAt)
        return .applied(.changed(entry))
    }

    /// Points `channel` at `target` inside the caller's write transaction, unless it points there already.
    func rollback(app: String, channel: String, to target: Target, author: String, message: String,
                  createdAt: String) throws(Failure) -> ChannelChange {
        if try activeSnapshotID(app: app, channel: channel) == target.id {
            return .alreadyActive(version: target.version, hash: target.hash)
        }
        return .changed(try point(app: app, channel: channel, at: target, action: "rollback", author: author,
                                  message: message, createdAt: createdAt))
    }

    /// Publishes and rollbacks, newest first, optionally of one app and one channel.
    func history(app: String?, channel: String?) throws(Failure) -> [HistoryEntry] {
        try query("""
            SELECT s.version, s.hash, a.app, a.channel, a.action, a.author, a.message, a.created_at,
                   CASE WHEN a.id = (SELECT MAX(b.id) FROM audit b WHERE b.app = a.app AND b.channel = a.channel)
                        THEN 1 ELSE 0 END AS active
            FROM audit a JOIN snapshots s ON s.id = a.snapshot_id
            WHERE (?1 IS NULL OR a.app = ?1) AND (?2 IS NULL OR a.channel = ?2)
            ORDER BY a.id DESC
            """, [app.map(StoreValue.text) ?? .null, channel.map(StoreValue.text) ?? .null]).map {
            (row) throws(Failure) in
            HistoryEntry(version: Int(try row.integer("version")), hash: try row.text("hash"), app: try row.text("app"),
                         channel: try row.text("channel"), action: try row.text("action"),
                         author: try row.text("author"), message: try row.text("message"),
                         createdAt: try row.text("created_at"), active: try row.integer("active") == 1)
        }
    }

    /// The snapshots of `app` that `reference` may name, by version, and the apps the store holds when
    /// there are none (for the error that says so).
    func candidates(app: String, reference: String) throws(Failure) -> (matches: [Target], apps: [String]) {
        let rows = switch SnapshotReference(reference) {
        case .version(let version):
            try query("SELECT id, version, hash FROM snapshots WHERE app = ?1 AND version = ?2",
                      [.text(app), .integer(version)])
        case .hashPrefix(let prefix):
            try query("""
                SELECT id, version, hash FROM snapshots WHERE app = ?1 AND substr(hash, 1, length(?2)) = ?2
                ORDER BY version
                """, [.text(app), .text(prefix)])
        }
        let matches = try rows.map { (row) throws(Failure) in try target(row) }
        return (matches, matches.isEmpty ? try appNames() : [])
    }

    /// The snapshot `target` of `app`, with its files.
    func snapshot(app: String, _ target: Target) throws(Failure) -> Snapshot {
        let row = try queryRow("SELECT bundle, author, message, created_at FROM snapshots WHERE id = ?1",
                               [.integer(target.id)])
        let files = try query("SELECT path, content FROM snapshot_files WHERE snapshot_id = ?1", [.integer(target.id)])
            .map { (file) throws(Failure) in (try file.text("path"), try file.blob("content")) }
        return Snapshot(app: app, version: target.version, hash: target.hash, bundle: try row.blob("bundle"),
                        files: Dictionary(files) { first, _ in first }, author: try row.text("author"),
                        message: try row.text("message"), createdAt: try row.text("created_at"))
    }

    /// The snapshot `channel` serves for `app`, or nil when nothing was published there.
    func active(app: String, channel: String) throws(Failure) -> Snapshot? {
        try query("""
            SELECT s.id, s.version, s.hash FROM channels c JOIN snapshots s ON s.id = c.snapshot_id
            WHERE c.app = ?1 AND c.name = ?2
            """, [.text(app), .text(channel)]).first.map { (row) throws(Failure) in try snapshot(app: app, target(row)) }
    }

    /// Every product id `app` has published, with its type, and the app's newest version.
    ///
    /// The products and the newest version come from one statement, which sees the database as of one moment:
    /// read one after the other, a publish committed in between made every product look removed.
    func catalog(app: String) throws(Failure) -> PublishedCatalog {
        var latest: Int64?
        let products = try query("""
            SELECT product_id, type, first_version, last_version,
                   (SELECT COALESCE(MAX(version), 0) FROM snapshots WHERE app = ?1) AS latest
            FROM products WHERE app = ?1
            """, [.text(app)])
            .map { (row) throws(Failure) in
                latest = try row.integer("latest")
                return PublishedProduct(id: try row.text("product_id"), type: try row.text("type"),
                                        firstVersion: Int(try row.integer("first_version")),
                                        lastVersion: Int(try row.integer("last_version")))
            }
        let newest = if let latest { latest } else { try latestVersion(of: app) }
        return PublishedCatalog(products: Dictionary(products.map { ($0.id, $0) }) { first, _ in first },
                                latestVersion: Int(newest))
    }

    /// What `channel` serves for every app, sorted by app.
    func pointers(channel: String) throws(Failure) -> [ChannelPointer] {
        try query("""
            SELECT c.app, s.version, s.hash FROM channels c JOIN snapshots s ON s.id = c.snapshot_id WHERE c.name = ?1
            """, [.text(channel)]).map { (row) throws(Failure) in
            ChannelPointer(app: try row.text("app"), version: Int(try row.integer("version")), hash: try row.text("hash"))
        }.sorted { $0.app.utf8.lexicographicallyPrecedes($1.app.utf8) }
    }

    /// The apps with at least one snapshot, sorted by their bytes (as SQLite's binary collation, whatever
    /// collation a PostgreSQL database has).
    func appNames() throws(Failure) -> [String] {
        try query("SELECT DISTINCT app FROM snapshots", []).map { (row) throws(Failure) in try row.text("app") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    // MARK: Helpers

    /// Conflicts of `publication` with what the store holds, read inside the write transaction, where no
    /// other publish of the app can interleave.
    private func conflicts(with publication: Publication, latest: Int64) throws(Failure) -> [ProductConflict] {
        let published = Dictionary(try query("SELECT product_id, type, last_version FROM products WHERE app = ?1",
                                             [.text(publication.app)]).map {
            (row) throws(Failure) in
            (try row.text("product_id"), (type: try row.text("type"), lastVersion: try row.integer("last_version")))
        }) { first, _ in first }
        return ProductConflict.find(in: publication, published: published, latest: latest)
    }

    /// The newest version of `app`, 0 before its first publish.
    private func latestVersion(of app: String) throws(Failure) -> Int64 {
        try queryRow("SELECT COALESCE(MAX(version), 0) AS latest FROM snapshots WHERE app = ?1", [.text(app)])
            .integer("latest")
    }

    private func activeSnapshotID(app: String, channel: String) throws(Failure) -> Int64? {
        try query("SELECT snapshot_id FROM channels WHERE app = ?1 AND name = ?2", [.text(app), .text(channel)])
            .first.map { (row) throws(Failure) in try row.integer("snapshot_id") }
    }

    private func point(app: String, channel: String, at target: Target, action: String, author: String,
                       message: String, createdAt: String) throws(Failure) -> HistoryEntry {
        _ = try query("""
            INSERT INTO channels (app, name, snapshot_id) VALUES (?1, ?2, ?3)
            ON CONFLICT (app, name) DO UPDATE SET snapshot_id = excluded.snapshot_id
            """, [.text(app), .text(channel), .integer(target.id)])
        _ = try query("""
            INSERT INTO audit (app, channel, action, snapshot_id, author, message, created_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """, [.text(app), .text(channel), .text(action), .integer(target.id), .text(author), .text(message),
                  .text(createdAt)])
        try channelMoved(app: app)
        return HistoryEntry(version: target.version, hash: target.hash, app: app, channel: channel, action: action,
                            author: author, message: message, createdAt: createdAt, active: true)
    }

    private func target(_ row: Record) throws(Failure) -> Target {
        (id: try row.integer("id"), version: Int(try row.integer("version")), hash: try row.text("hash"))
    }
}
