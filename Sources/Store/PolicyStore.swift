import Foundation

/// Published, immutable, content-addressed policy snapshots in one SQLite file, channels that point at
/// them, every product id ever published, and an audit log of publishes and rollbacks.
///
/// Every change is one transaction; readers never block the writer (WAL).
package final class PolicyStore {
    private let connection: Connection
    package let path: String

    /// Opens the store at `path`. `writable` creates it (and its folder) when missing and migrates the
    /// schema; a read-only store must exist. Nothing is written to a file that is not a Tollgate store.
    package init(path: String, writable: Bool) throws(StoreError) {
        self.path = path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if isDirectory.boolValue {
            throw StoreError("\(path) is a directory; give the store's file, such as .tollgate/store.sqlite")
        }
        if !exists {
            guard writable else { throw StoreError("no store at \(path); publish a policy first ('tollgate publish')") }
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }
        do {
            connection = try Connection(path: path, readOnly: !writable, create: writable)
        } catch {
            throw StoreError(error.code & 0xFF == 14
                             ? "\(path) cannot be opened or created (is its folder there and writable?); nothing was changed"
                             : "store \(path): \(error)")
        }
        if writable {
            // A read-only store is refused before SQLite reads it, which would leave -wal and -shm files beside it.
            if connection.isReadOnly {
                throw StoreError("\(path) cannot be written (read-only file or folder); nothing was changed")
            }
            Self.matchPermissions(ofSideFilesOf: path)
        }
        let version = try Migrations.version(of: connection)
        guard version <= Migrations.steps.count else {
            throw StoreError.newerSchema(found: version, known: Migrations.steps.count)
        }
        guard writable else {
            // A file SQLite created but nobody migrated (an empty file, a first publish cut short) holds no store.
            if version == 0 { throw StoreError("no store at \(path); publish a policy first ('tollgate publish')") }
            return
        }
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
    package func publish(_ publication: Publication) throws(StoreError) -> StoreChange {
        try write { () throws(SQLiteError) -> StoreChange in
            let app = SQLiteValue.text(publication.app)
            let existing = try connection.prepare("SELECT id, version FROM snapshots WHERE app = ? AND hash = ?")
                .rows([app, .text(publication.hash)]).first
            if let existing, try activeSnapshot(app: publication.app, channel: publication.channel) == existing[0].integer {
                return .alreadyActive(version: Int(existing[1].integer ?? 0))
            }
            let conflicts = try conflicts(with: publication)
            guard conflicts.isEmpty else { return .refused(conflicts) }
            let id: Int64
            let version: Int64
            if let existing, let existingID = existing[0].integer, let existingVersion = existing[1].integer {
                (id, version) = (existingID, existingVersion)
            } else {
                version = try connection.prepare("SELECT COALESCE(MAX(version), 0) + 1 FROM snapshots WHERE app = ?")
                    .rows([app]).first?.first?.integer ?? 1
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
            return .changed(try point(app: publication.app, channel: publication.channel, at: id, version: version,
                                      hash: publication.hash, action: "publish", author: publication.author,
                                      message: publication.message, createdAt: publication.createdAt))
        }
    }

    /// Points `channel` back at the snapshot `reference` names (a version or a hash prefix).
    package func rollback(app: String, channel: String, to reference: String, author: String, message: String,
                          createdAt: String) throws(StoreError) -> StoreChange {
        let target = try resolve(app: app, reference: reference)
        return try write { () throws(SQLiteError) -> StoreChange in
            if try activeSnapshot(app: app, channel: channel) == target.id {
                return .alreadyActive(version: target.version)
            }
            return .changed(try point(app: app, channel: channel, at: target.id, version: Int64(target.version),
                                      hash: target.hash, action: "rollback", author: author, message: message,
                                      createdAt: createdAt))
        }
    }

    // MARK: Reading

    /// Publishes and rollbacks, newest first, optionally of one app and one channel.
    package func history(app: String? = nil, channel: String? = nil) throws(StoreError) -> [HistoryEntry] {
        try read { () throws(SQLiteError) in
            try connection.prepare("""
                SELECT s.version, s.hash, a.app, a.channel, a.action, a.author, a.message, a.created_at,
                       a.id = (SELECT MAX(b.id) FROM audit b WHERE b.app = a.app AND b.channel = a.channel)
                FROM audit a JOIN snapshots s ON s.id = a.snapshot_id
                WHERE (?1 IS NULL OR a.app = ?1) AND (?2 IS NULL OR a.channel = ?2)
                ORDER BY a.id DESC
                """).rows([app.map(SQLiteValue.text) ?? .null, channel.map(SQLiteValue.text) ?? .null]).map { row in
                HistoryEntry(version: Int(row[0].integer ?? 0), hash: row[1].text ?? "", app: row[2].text ?? "",
                             channel: row[3].text ?? "", action: row[4].text ?? "", author: row[5].text ?? "",
                             message: row[6].text ?? "", createdAt: row[7].text ?? "", active: row[8].integer == 1)
            }
        }
    }

    /// The snapshot `reference` names for `app`: a version number, or a prefix of its hash (with or
    /// without `sha256:`), with its files.
    package func snapshot(app: String, reference: String) throws(StoreError) -> Snapshot {
        let target = try resolve(app: app, reference: reference)
        return try read { () throws(SQLiteError) in
            let row = try connection.prepare(
                "SELECT bundle, author, message, created_at FROM snapshots WHERE id = ?").rows([.integer(target.id)])[0]
            let files = try connection.prepare("SELECT path, content FROM snapshot_files WHERE snapshot_id = ?")
                .rows([.integer(target.id)])
            return Snapshot(app: app, version: target.version, hash: target.hash, bundle: row[0].blob ?? [],
                            files: Dictionary(files.map { ($0[0].text ?? "", $0[1].blob ?? []) }) { first, _ in first },
                            author: row[1].text ?? "", message: row[2].text ?? "", createdAt: row[3].text ?? "")
        }
    }

    /// The snapshot `channel` serves for `app`, or nil when nothing was published there.
    package func active(app: String, channel: String) throws(StoreError) -> Snapshot? {
        let version = try read { () throws(SQLiteError) in
            try connection.prepare("""
                SELECT s.version FROM channels c JOIN snapshots s ON s.id = c.snapshot_id WHERE c.app = ? AND c.name = ?
                """).rows([.text(app), .text(channel)]).first?.first?.integer
        }
        return try version.map { (version) throws(StoreError) in try snapshot(app: app, reference: String(version)) }
    }

    /// The apps with at least one snapshot, sorted.
    package func apps() throws(StoreError) -> [String] {
        try read { () throws(SQLiteError) in
            try connection.prepare("SELECT DISTINCT app FROM snapshots ORDER BY app").rows().compactMap { $0[0].text }
        }
    }

    /// Every product id `app` has published, with its type, and the app's newest version.
    package func catalog(app: String) throws(StoreError) -> PublishedCatalog {
        try read { () throws(SQLiteError) in
            let rows = try connection.prepare(
                "SELECT product_id, type, first_version, last_version FROM products WHERE app = ?").rows([.text(app)])
            let latest = try connection.prepare("SELECT COALESCE(MAX(version), 0) FROM snapshots WHERE app = ?")
                .rows([.text(app)]).first?.first?.integer ?? 0
            let products = rows.map { row in
                PublishedProduct(id: row[0].text ?? "", type: row[1].text ?? "", firstVersion: Int(row[2].integer ?? 0),
                                 lastVersion: Int(row[3].integer ?? 0))
            }
            return PublishedCatalog(products: Dictionary(products.map { ($0.id, $0) }) { first, _ in first },
                                    latestVersion: Int(latest))
        }
    }

    /// `PRAGMA integrity_check`'s answer: `ok` for a sound file.
    package func integrityCheck() throws(StoreError) -> String {
        try read { () throws(SQLiteError) in
            try connection.prepare("PRAGMA integrity_check").rows().compactMap { $0.first?.text }.joined(separator: "\n")
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
        let rows = try read { () throws(SQLiteError) in
            if !reference.isEmpty, reference.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
                return try connection.prepare("SELECT id, version, hash FROM snapshots WHERE app = ? AND version = ?")
                    .rows([.text(app), .integer(Int64(reference) ?? -1)])
            }
            let prefix = reference.hasPrefix("sha256:") ? reference : "sha256:" + reference
            return try connection.prepare(
                "SELECT id, version, hash FROM snapshots WHERE app = ? AND substr(hash, 1, length(?2)) = ?2 ORDER BY version")
                .rows([.text(app), .text(prefix)])
        }
        guard rows.count == 1, let id = rows[0][0].integer, let version = rows[0][1].integer else {
            if rows.count > 1 {
                let versions = rows.compactMap { $0[1].integer }.map(String.init).joined(separator: ", ")
                throw StoreError("'\(reference)' matches versions \(versions) of '\(app)'; give more of the hash")
            }
            throw StoreError("'\(app)' has no published version '\(reference)'; 'tollgate history --app \(app)' lists them")
        }
        return (id, Int(version), rows[0][2].text ?? "")
    }

    /// Products of `publication` whose id another publish gave another type, or retired, since the
    /// caller validated: checked again inside the write transaction, where no other publish can interleave.
    private func conflicts(with publication: Publication) throws(SQLiteError) -> [String] {
        let app = SQLiteValue.text(publication.app)
        let published = Dictionary(try connection.prepare(
            "SELECT product_id, type, last_version FROM products WHERE app = ?").rows([app]).map { row in
            (row[0].text ?? "", (type: row[1].text ?? "", last: row[2].integer ?? 0))
        }) { first, _ in first }
        let latest = try connection.prepare("SELECT COALESCE(MAX(version), 0) FROM snapshots WHERE app = ?")
            .rows([app]).first?.first?.integer ?? 0
        return publication.products.compactMap { product in
            guard let earlier = published[product.id] else { return nil }
            if earlier.type != product.type {
                return "product '\(product.id)' was published as '\(earlier.type)' meanwhile; its type cannot change "
                    + "to '\(product.type)' [product-type-changed]"
            }
            return earlier.last < latest
                ? "product id '\(product.id)' was retired meanwhile; product ids cannot be used again [product-id-reused]"
                : nil
        }
    }

    private func activeSnapshot(app: String, channel: String) throws(SQLiteError) -> Int64? {
        try connection.prepare("SELECT snapshot_id FROM channels WHERE app = ? AND name = ?")
            .rows([.text(app), .text(channel)]).first?.first?.integer
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
        try connection.prepare("SELECT last_insert_rowid()").rows().first?.first?.integer ?? 0
    }

    private func write<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        do {
            return try connection.transaction(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    private func read<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError(error, path: path)
        }
    }
}
