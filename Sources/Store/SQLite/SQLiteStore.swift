import Foundation

/// The embedded store: every table of `PolicyStore` in one SQLite file.
///
/// Every change is one transaction; readers never block the writer (WAL).
package final class SQLiteStore: PolicyStore {
    let connection: Connection
    package let path: String

    package var name: String { path }

    /// Opens the store at `path` in `mode`, migrating the schema of a writable store. Nothing is written
    /// to a file that is not a Tollgate store.
    package init(path: String, mode: StoreMode) throws(StoreError) {
        self.path = path
        let writable = mode != .read
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if isDirectory.boolValue { throw .isDirectory(path: path) }
        if !exists {
            guard mode == .create else { throw .missing(path: path) }
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }
        do {
            connection = try Connection(path: path, readOnly: !writable, create: mode == .create)
        } catch {
            throw error.isCannotOpen ? .cannotOpen(path: path) : StoreError(error, path: path)
        }
        if writable {
            // A read-only store is refused before SQLite reads it, which would leave -wal and -shm files beside it.
            if connection.isReadOnly { throw .readOnly(path: path) }
            Self.matchPermissions(ofSideFilesOf: path)
        }
        let version = try Migrations.version(of: connection)
        guard version <= Migrations.steps.count else {
            throw .newerSchema(path: path, found: version, known: Migrations.steps.count)
        }
        // A file SQLite created but nobody migrated (an empty file, a first publish cut short) holds no store.
        if version == 0 && mode != .create { throw .missing(path: path) }
        guard writable else { return }
        do {
            try Self.retryingWhileBusy { () throws(SQLiteError) in try connection.execute("PRAGMA journal_mode = WAL") }
            try connection.execute("PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL")
        } catch {
            throw StoreError(error, path: path)
        }
        try Migrations.apply(to: connection)
    }

    // MARK: Changes

    /// Publishes a snapshot to a channel in one transaction; a snapshot already published is reused,
    /// and one the channel already serves changes nothing.
    package func publish(_ publication: Publication) throws(StoreError) -> PublishResult {
        try write { () throws(SQLiteError) -> PublishResult in
            let app = SQLiteValue.text(publication.app)
            let existing = try connection.prepare("SELECT id, version FROM snapshots WHERE app = ? AND hash = ?")
                .firstRow([app, .text(publication.hash)])
                .map { (row) throws(SQLiteError) in (id: try row.integer("id"), version: try row.integer("version")) }
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
                try connection.prepare("""
                    INSERT INTO snapshots (app, version, hash, bundle, author, message, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """).run([app, .integer(version), .text(publication.hash), .blob(publication.bundle),
                              .text(publication.author), .text(publication.message), .text(publication.createdAt)])
                id = try lastInsertID()
                let file = try connection.prepare("INSERT INTO snapshot_files (snapshot_id, path, content) VALUES (?, ?, ?)")
                for (path, content) in publication.files.sorted(by: { $0.key < $1.key }) {
                    try file.run([.integer(id), .text(path), .blob(content)])
                }
                let product = try connection.prepare("""
                    INSERT INTO products (app, product_id, type, first_version, last_version) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (app, product_id) DO UPDATE SET last_version = excluded.last_version
                    """)
                for (productID, type) in publication.products {
                    try product.run([app, .text(productID), .text(type), .integer(version), .integer(version)])
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
        return try write { () throws(SQLiteError) -> ChannelChange in
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
        try read { () throws(SQLiteError) in
            try connection.prepare("""
                SELECT s.version, s.hash, a.app, a.channel, a.action, a.author, a.message, a.created_at,
                       a.id = (SELECT MAX(b.id) FROM audit b WHERE b.app = a.app AND b.channel = a.channel) AS active
                FROM audit a JOIN snapshots s ON s.id = a.snapshot_id
                WHERE (?1 IS NULL OR a.app = ?1) AND (?2 IS NULL OR a.channel = ?2)
                ORDER BY a.id DESC
                """).rows([app.map(SQLiteValue.text) ?? .null, channel.map(SQLiteValue.text) ?? .null]).map {
                (row) throws(SQLiteError) in
                HistoryEntry(version: Int(try row.integer("version")), hash: try row.text("hash"),
                             app: try row.text("app"), channel: try row.text("channel"), action: try row.text("action"),
                             author: try row.text("author"), message: try row.text("message"),
                             createdAt: try row.text("created_at"), active: try row.integer("active") == 1)
            }
        }
    }

    /// The snapshot `reference` names for `app`: a version number, or a prefix of its hash (with or
    /// without `sha256:`), with its files.
    package func snapshot(app: String, reference: String) throws(StoreError) -> Snapshot {
        let target = try resolve(app: app, reference: reference)
        return try read { () throws(SQLiteError) in
            let row = try connection.prepare("SELECT bundle, author, message, created_at FROM snapshots WHERE id = ?")
                .onlyRow([.integer(target.id)])
            let files = try connection.prepare("SELECT path, content FROM snapshot_files WHERE snapshot_id = ?")
                .rows([.integer(target.id)])
                .map { (file) throws(SQLiteError) in (try file.text("path"), try file.blob("content")) }
            return Snapshot(app: app, version: target.version, hash: target.hash, bundle: try row.blob("bundle"),
                            files: Dictionary(files) { first, _ in first }, author: try row.text("author"),
                            message: try row.text("message"), createdAt: try row.text("created_at"))
        }
    }

    /// The snapshot `channel` serves for `app`, or nil when nothing was published there.
    package func active(app: String, channel: String) throws(StoreError) -> Snapshot? {
        let version = try read { () throws(SQLiteError) in
            try connection.prepare("""
                SELECT s.version FROM channels c JOIN snapshots s ON s.id = c.snapshot_id WHERE c.app = ? AND c.name = ?
                """).firstRow([.text(app), .text(channel)]).map { (row) throws(SQLiteError) in try row.integer("version") }
        }
        return try version.map { (version) throws(StoreError) in try snapshot(app: app, reference: String(version)) }
    }

    /// The apps with at least one snapshot, sorted.
    package func apps() throws(StoreError) -> [String] {
        try read { () throws(SQLiteError) in try appNames() }
    }

    /// Every product id `app` has published, with its type, and the app's newest version.
    package func catalog(app: String) throws(StoreError) -> PublishedCatalog {
        try read { () throws(SQLiteError) in
            let products = try connection.prepare(
                "SELECT product_id, type, first_version, last_version FROM products WHERE app = ?").rows([.text(app)])
                .map { (row) throws(SQLiteError) in
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
        try read { () throws(SQLiteError) in
            try connection.prepare("""
                SELECT c.app, s.version, s.hash FROM channels c JOIN snapshots s ON s.id = c.snapshot_id
                WHERE c.name = ? ORDER BY c.app
                """).rows([.text(channel)]).map { (row) throws(SQLiteError) in
                ChannelPointer(app: try row.text("app"), version: Int(try row.integer("version")), hash: try row.text("hash"))
            }
        }
    }

    /// None: an SQLite store has no notifications, so replicas poll `pointers`.
    package func changeFeed() throws(StoreError) -> (any ChangeFeed)? { nil }

    /// `PRAGMA integrity_check`'s answer: `ok` for a sound file.
    package func integrityCheck() throws(StoreError) -> String {
        try read { () throws(SQLiteError) in
            try connection.prepare("PRAGMA integrity_check").rows()
                .map { (row) throws(SQLiteError) in try row.text("integrity_check") }.joined(separator: "\n")
        }
    }

    // MARK: Helpers

    /// Gives the store's `-wal` and `-shm` files the store's own permissions: a reader of a read-only
    /// store leaves them read-only, and they would keep the store unwritable after it is made writable.
    private static func matchPermissions(ofSideFilesOf path: String) {
        let manager = FileManager.default
        guard let permissions = try? manager.attributesOfItem(atPath: path)[.posixPermissions] else { return }
        for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: path + suffix) {
            try? manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: path + suffix)
        }
    }

    /// Runs `body` again while another process holds the lock, for up to ten seconds: SQLite's busy
    /// handler does not cover switching the journal mode, which a new store does while another
    /// process may be creating it too.
    private static func retryingWhileBusy(_ body: () throws(SQLiteError) -> Void) throws(SQLiteError) {
        for attempt in 0... {
            do {
                return try body()
            } catch where error.isBusy && attempt < 1_000 {
                usleep(10_000)
            }
        }
    }

    private func resolve(app: String, reference: String) throws(StoreError) -> (id: Int64, version: Int, hash: String) {
        let (matches, apps) = try read { () throws(SQLiteError) in
            let rows = switch SnapshotReference(reference) {
            case .version(let version):
                try connection.prepare("SELECT id, version, hash FROM snapshots WHERE app = ? AND version = ?")
                    .rows([.text(app), .integer(version)])
            case .hashPrefix(let prefix):
                try connection.prepare("""
                    SELECT id, version, hash FROM snapshots WHERE app = ?1 AND substr(hash, 1, length(?2)) = ?2
                    ORDER BY version
                    """).rows([.text(app), .text(prefix)])
            }
            let matches = try rows.map { (row) throws(SQLiteError) in
                (id: try row.integer("id"), version: Int(try row.integer("version")), hash: try row.text("hash"))
            }
            return (matches, matches.isEmpty ? try appNames() : [])
        }
        return try SnapshotReference.only(matches, version: \.version, app: app, reference: reference, knownApps: apps)
    }

    /// Conflicts of `publication` with what the store holds, read inside the write transaction, where no
    /// other publish can interleave.
    private func conflicts(with publication: Publication, latest: Int64) throws(SQLiteError) -> [ProductConflict] {
        let published = Dictionary(try connection.prepare(
            "SELECT product_id, type, last_version FROM products WHERE app = ?").rows([.text(publication.app)]).map {
            (row) throws(SQLiteError) in
            (try row.text("product_id"), (type: try row.text("type"), lastVersion: try row.integer("last_version")))
        }) { first, _ in first }
        return ProductConflict.find(in: publication, published: published, latest: latest)
    }

    private func appNames() throws(SQLiteError) -> [String] {
        try connection.prepare("SELECT DISTINCT app FROM snapshots ORDER BY app").rows()
            .map { (row) throws(SQLiteError) in try row.text("app") }
    }

    /// The newest version of `app`, 0 before its first publish.
    private func latestVersion(of app: String) throws(SQLiteError) -> Int64 {
        try connection.prepare("SELECT COALESCE(MAX(version), 0) AS latest FROM snapshots WHERE app = ?")
            .onlyRow([.text(app)]).integer("latest")
    }

    private func activeSnapshot(app: String, channel: String) throws(SQLiteError) -> Int64? {
        try connection.prepare("SELECT snapshot_id FROM channels WHERE app = ? AND name = ?")
            .firstRow([.text(app), .text(channel)]).map { (row) throws(SQLiteError) in try row.integer("snapshot_id") }
    }

    private func point(app: String, channel: String, at id: Int64, version: Int64, hash: String, action: String,
                       author: String, message: String, createdAt: String) throws(SQLiteError) -> HistoryEntry {
        try connection.prepare("""
            INSERT INTO channels (app, name, snapshot_id) VALUES (?, ?, ?)
            ON CONFLICT (app, name) DO UPDATE SET snapshot_id = excluded.snapshot_id
            """).run([.text(app), .text(channel), .integer(id)])
        try connection.prepare("""
            INSERT INTO audit (app, channel, action, snapshot_id, author, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
            """).run([.text(app), .text(channel), .text(action), .integer(id), .text(author), .text(message),
                      .text(createdAt)])
        return HistoryEntry(version: Int(version), hash: hash, app: app, channel: channel, action: action,
                            author: author, message: message, createdAt: createdAt, active: true)
    }

    private func lastInsertID() throws(SQLiteError) -> Int64 {
        try connection.prepare("SELECT last_insert_rowid() AS id").onlyRow().integer("id")
    }

    func write<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        do {
            return try connection.transaction(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    func read<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError(error, path: path)
        }
    }
}
