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
        try write { () throws(SQLiteError) in try connection.publish(publication) }
    }

    /// Points `channel` back at the snapshot `reference` names (a version or a hash prefix).
    package func rollback(app: String, channel: String, to reference: String, author: String, message: String,
                          createdAt: String) throws(StoreError) -> ChannelChange {
        let target = try resolve(app: app, reference: reference)
        return try write { () throws(SQLiteError) in
            try connection.rollback(app: app, channel: channel, to: target, author: author, message: message,
                                    createdAt: createdAt)
        }
    }

    // MARK: Reading

    /// Publishes and rollbacks, newest first, optionally of one app and one channel.
    package func history(app: String?, channel: String?) throws(StoreError) -> [HistoryEntry] {
        try read { () throws(SQLiteError) in try connection.history(app: app, channel: channel) }
    }

    /// The snapshot `reference` names for `app`: a version number, or a prefix of its hash (with or
    /// without `sha256:`), with its files.
    package func snapshot(app: String, reference: String) throws(StoreError) -> Snapshot {
        let target = try resolve(app: app, reference: reference)
        return try read { () throws(SQLiteError) in try connection.snapshot(app: app, target) }
    }

    /// The snapshot `channel` serves for `app`, or nil when nothing was published there.
    package func active(app: String, channel: String) throws(StoreError) -> Snapshot? {
        try read { () throws(SQLiteError) in try connection.active(app: app, channel: channel) }
    }

    /// The apps with at least one snapshot, sorted.
    package func apps() throws(StoreError) -> [String] {
        try read { () throws(SQLiteError) in try connection.appNames() }
    }

    /// Every product id `app` has published, with its type, and the app's newest version.
    package func catalog(app: String) throws(StoreError) -> PublishedCatalog {
        try read { () throws(SQLiteError) in try connection.catalog(app: app) }
    }

    /// What `channel` serves for every app, sorted by app: one query.
    package func pointers(channel: String) throws(StoreError) -> [ChannelPointer] {
        try read { () throws(SQLiteError) in try connection.pointers(channel: channel) }
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

    private func resolve(app: String, reference: String) throws(StoreError) -> Connection.Target {
        let (matches, apps) = try read { () throws(SQLiteError) in try connection.candidates(app: app, reference: reference) }
        return try SnapshotReference.only(matches, version: \.version, app: app, reference: reference, knownApps: apps)
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
