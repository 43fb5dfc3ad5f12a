/// The shared store: every table of `PolicyStore` in a PostgreSQL database that many replicas read.
///
/// A publish or rollback is one transaction that first takes an advisory lock on its app, so changes of
/// one app are serialized (versions 1, 2, 3… without gaps), and that notifies `PostgresChangeFeed`
/// listeners with the app's name on commit.
package final class PostgresStore: PolicyStore {
    let connection: PostgresConnection
    /// The connection URI as given, password included, for the change feed's own connection.
    private let url: String
    /// The URL without its password.
    package let name: String

    /// Connects to `url` in `mode`: `.create` creates or migrates the Tollgate tables, `.write` migrates
    /// them, and a database without them is `.missing` for `.read` and `.write`.
    package init(url: String, mode: StoreMode) throws(StoreError) {
        self.url = url
        name = PostgresURL.redacted(url)
        do {
            connection = try PostgresConnection(url: url)
        } catch {
            throw StoreError(error, name: name)
        }
        let version = try run { () throws(PostgresError) in try PostgresMigrations.version(of: connection) }
        let known = PostgresMigrations.steps.count
        if let version, version > known { throw .newerSchema(path: name, found: version, known: known) }
        if (version ?? 0) == 0 && mode != .create { throw .missing(path: name) }
        guard mode != .read, (version ?? 0) < known else { return }
        let migrated = try run { () throws(PostgresError) in try PostgresMigrations.apply(to: connection) }
        if migrated > known { throw .newerSchema(path: name, found: migrated, known: known) }
    }

    // MARK: Changes

    /// Publishes a snapshot to a channel in one transaction; a snapshot already published is reused,
    /// and one the channel already serves changes nothing.
    package func publish(_ publication: Publication) throws(StoreError) -> PublishResult {
        try write(app: publication.app) { () throws(PostgresError) -> PublishResult in
            let app = PostgresValue.text(publication.app)
            let existing = try connection.execute("SELECT id, version FROM snapshots WHERE app = $1 AND hash = $2",
                                                  [app, .text(publication.hash)])
                .first.map { (row) throws(PostgresError) in (id: try row.integer("id"), version: try row.integer("version")) }
            if let existing, try activeSnapshot(app: publication.app, channel: publication.channel) == existing.id {
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
                id = try connection.execute("""
                    INSERT INTO snapshots (app, version, hash, bundle, author, message, created_at)
                    VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id
                    """, [app, .integer(version), .text(publication.hash), .bytes(publication.bundle),
                          .text(publication.author), .text(publication.message), .text(publication.createdAt)])
                    .only().integer("id")
                for (path, content) in publication.files.sorted(by: { $0.key < $1.key }) {
                    try connection.execute("INSERT INTO snapshot_files (snapshot_id, path, content) VALUES ($1, $2, $3)",
                                           [.integer(id), .text(path), .bytes(content)])
                }
                for (productID, type) in publication.products {
                    try connection.execute("""
                        INSERT INTO products (app, product_id, type, first_version, last_version) VALUES ($1, $2, $3, $4, $4)
                        ON CONFLICT (app, product_id) DO UPDATE SET last_version = excluded.last_version
                        """, [app, .text(productID), .text(type), .integer(version)])
                }
            }
            let entry = try point(app: publication.app, channel: publication.channel, at: id, version: version,
                                  hash: publication.hash, action: "publish", author: publication.author,
                                  message: publication.message, createdAt: publication.createdAt)
            return .applied(.changed(entry))
        }
    }

    /// Points `channel` back at the snapshot `reference` names (a version or a hash prefix).
    package func rollback(app: String, channel: String, to reference: String, author: String, message: String,
                          createdAt: String) throws(StoreError) -> ChannelChange {
        let target = try resolve(app: app, reference: reference)
        return try write(app: app) { () throws(PostgresError) -> ChannelChange in
            if try activeSnapshot(app: app, channel: channel) == target.id {
                return .alreadyActive(version: target.version, hash: target.hash)
            }
            return .changed(try point(app: app, channel: channel, at: target.id, version: Int64(target.version),
                                      hash: target.hash, action: "rollback", author: author, message: message,
                                      createdAt: createdAt))
        }
    }

    // MARK: Reading

    /// Publishes and rollbacks, newest first, optionally of one app and one channel.
    package func history(app: String?, channel: String?) throws(StoreError) -> [HistoryEntry] {
        try run { () throws(PostgresError) in
            try connection.execute("""
                SELECT s.version, s.hash, a.app, a.channel, a.action, a.author, a.message, a.created_at,
                       a.id = (SELECT MAX(b.id) FROM audit b WHERE b.app = a.app AND b.channel = a.channel) AS active
                FROM audit a JOIN snapshots s ON s.id = a.snapshot_id
                WHERE ($1::text IS NULL OR a.app = $1) AND ($2::text IS NULL OR a.channel = $2)
                ORDER BY a.id DESC
                """, [app.map(PostgresValue.text) ?? .null, channel.map(PostgresValue.text) ?? .null]).map {
                (row) throws(PostgresError) in
                HistoryEntry(version: Int(try row.integer("version")), hash: try row.text("hash"),
                             app: try row.text("app"), channel: try row.text("channel"), action: try row.text("action"),
                             author: try row.text("author"), message: try row.text("message"),
                             createdAt: try row.text("created_at"), active: try row.bool("active"))
            }
        }
    }

    /// The snapshot `reference` names for `app`: a version number, or a prefix of its hash (with or
    /// without `sha256:`), with its files.
    package func snapshot(app: String, reference: String) throws(StoreError) -> Snapshot {
        let target = try resolve(app: app, reference: reference)
        return try run { () throws(PostgresError) in
            let row = try connection.execute("SELECT bundle, author, message, created_at FROM snapshots WHERE id = $1",
                                             [.integer(target.id)]).only()
            let files = try connection.execute("SELECT path, content FROM snapshot_files WHERE snapshot_id = $1",
                                               [.integer(target.id)])
                .map { (file) throws(PostgresError) in (try file.text("path"), try file.bytes("content")) }
            return Snapshot(app: app, version: target.version, hash: target.hash, bundle: try row.bytes("bundle"),
                            files: Dictionary(files) { first, _ in first }, author: try row.text("author"),
                            message: try row.text("message"), createdAt: try row.text("created_at"))
        }
    }

    /// The snapshot `channel` serves for `app`, or nil when nothing was published there.
    package func active(app: String, channel: String) throws(StoreError) -> Snapshot? {
        let version = try run { () throws(PostgresError) in
            try connection.execute("""
                SELECT s.version FROM channels c JOIN snapshots s ON s.id = c.snapshot_id WHERE c.app = $1 AND c.name = $2
                """, [.text(app), .text(channel)]).first.map { (row) throws(PostgresError) in try row.integer("version") }
        }
        return try version.map { (version) throws(StoreError) in try snapshot(app: app, reference: String(version)) }
    }

    /// The apps with at least one snapshot, sorted.
    package func apps() throws(StoreError) -> [String] {
        try run { () throws(PostgresError) in try appNames() }
    }

    /// Every product id `app` has published, with its type, and the app's newest version.
    package func catalog(app: String) throws(StoreError) -> PublishedCatalog {
        try run { () throws(PostgresError) in
            let products = try connection.execute(
                "SELECT product_id, type, first_version, last_version FROM products WHERE app = $1", [.text(app)])
                .map { (row) throws(PostgresError) in
                    PublishedProduct(id: try row.text("product_id"), type: try row.text("type"),
                                     firstVersion: Int(try row.integer("first_version")),
                                     lastVersion: Int(try row.integer("last_version")))
                }
            return PublishedCatalog(products: Dictionary(products.map { ($0.id, $0) }) { first, _ in first },
                                    latestVersion: Int(try latestVersion(of: app)))
        }
    }

    /// What `channel` serves for every app, sorted by app: one query.
    package func pointers(channel: String) throws(StoreError) -> [ChannelPointer] {
        try run { () throws(PostgresError) in
            try connection.execute("""
                SELECT c.app, s.version, s.hash FROM channels c JOIN snapshots s ON s.id = c.snapshot_id
                WHERE c.name = $1 ORDER BY c.app
                """, [.text(channel)]).map { (row) throws(PostgresError) in
                ChannelPointer(app: try row.text("app"), version: Int(try row.integer("version")), hash: try row.text("hash"))
            }
        }
    }

    /// A feed on a connection of its own that names the apps each publish or rollback changes.
    package func changeFeed() throws(StoreError) -> (any ChangeFeed)? {
        try PostgresChangeFeed(url: url, name: name)
    }

    // MARK: Helpers

    private func resolve(app: String, reference: String) throws(StoreError) -> (id: Int64, version: Int, hash: String) {
        let (matches, apps) = try run { () throws(PostgresError) in
            let rows = switch SnapshotReference(reference) {
            case .version(let version):
                try connection.execute("SELECT id, version, hash FROM snapshots WHERE app = $1 AND version = $2",
                                       [.text(app), .integer(version)])
            case .hashPrefix(let prefix):
                try connection.execute("""
                    SELECT id, version, hash FROM snapshots WHERE app = $1 AND starts_with(hash, $2) ORDER BY version
                    """, [.text(app), .text(prefix)])
            }
            let matches = try rows.map { (row) throws(PostgresError) in
                (id: try row.integer("id"), version: Int(try row.integer("version")), hash: try row.text("hash"))
            }
            return (matches, matches.isEmpty ? try appNames() : [])
        }
        return try SnapshotReference.only(matches, version: \.version, app: app, reference: reference, knownApps: apps)
    }

    /// Conflicts of `publication` with what the store holds, read inside the write transaction.
    private func conflicts(with publication: Publication, latest: Int64) throws(PostgresError) -> [ProductConflict] {
        let published = Dictionary(try connection.execute(
            "SELECT product_id, type, last_version FROM products WHERE app = $1", [.text(publication.app)]).map {
            (row) throws(PostgresError) in
            (try row.text("product_id"), (type: try row.text("type"), lastVersion: try row.integer("last_version")))
        }) { first, _ in first }
        return ProductConflict.find(in: publication, published: published, latest: latest)
    }

    private func appNames() throws(PostgresError) -> [String] {
        try connection.execute("SELECT DISTINCT app FROM snapshots ORDER BY app")
            .map { (row) throws(PostgresError) in try row.text("app") }
    }

    /// The newest version of `app`, 0 before its first publish.
    private func latestVersion(of app: String) throws(PostgresError) -> Int64 {
        try connection.execute("SELECT COALESCE(MAX(version), 0) AS latest FROM snapshots WHERE app = $1", [.text(app)])
            .only().integer("latest")
    }

    private func activeSnapshot(app: String, channel: String) throws(PostgresError) -> Int64? {
        try connection.execute("SELECT snapshot_id FROM channels WHERE app = $1 AND name = $2", [.text(app), .text(channel)])
            .first.map { (row) throws(PostgresError) in try row.integer("snapshot_id") }
    }

    private func point(app: String, channel: String, at id: Int64, version: Int64, hash: String, action: String,
                       author: String, message: String, createdAt: String) throws(PostgresError) -> HistoryEntry {
        try connection.execute("""
            INSERT INTO channels (app, name, snapshot_id) VALUES ($1, $2, $3)
            ON CONFLICT (app, name) DO UPDATE SET snapshot_id = excluded.snapshot_id
            """, [.text(app), .text(channel), .integer(id)])
        try connection.execute("""
            INSERT INTO audit (app, channel, action, snapshot_id, author, message, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            """, [.text(app), .text(channel), .text(action), .integer(id), .text(author), .text(message),
                  .text(createdAt)])
        try connection.execute("SELECT pg_notify($1, $2)", [.text(PostgresChangeFeed.channel), .text(app)])
        return HistoryEntry(version: Int(version), hash: hash, app: app, channel: channel, action: action,
                            author: author, message: message, createdAt: createdAt, active: true)
    }

    /// Runs `body` in one transaction that first takes the advisory lock of `app`: changes of one app
    /// wait for each other, changes of other apps do not.
    private func write<T>(app: String, _ body: () throws(PostgresError) -> T) throws(StoreError) -> T {
        try run { () throws(PostgresError) in
            try connection.transaction { () throws(PostgresError) in
                try connection.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [.text("tollgate:app:" + app)])
                return try body()
            }
        }
    }

    func run<T>(_ body: () throws(PostgresError) -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError(error, name: name)
        }
    }
}

extension [PostgresRow] {
    /// The row of a statement that always returns one, such as an aggregate or `RETURNING`.
    fileprivate func only() throws(PostgresError) -> PostgresRow {
        guard let row = first else { throw PostgresError(message: "no row where one is required") }
        return row
    }
}
