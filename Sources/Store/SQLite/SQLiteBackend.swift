import Foundation

/// The store's tables in one SQLite file: every change is one `BEGIN IMMEDIATE` transaction, so writers
/// queue on the busy timeout, and readers never block the writer (WAL).
package final class SQLiteBackend: DatabaseBackend {
    package typealias Failure = SQLiteError
    package typealias Record = Row

    let connection: Connection
    package let path: String

    package var name: String { path }
    package var dialect: SQLDialect { .sqlite }

    /// Opens the store at `path` in `mode`, migrating the schema of a writable store. Nothing is written
    /// to a file that is not a Tollgate store.
    init(path: String, mode: StoreMode) throws(StoreError) {
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

    package func query(_ sql: String, _ parameters: [StoreValue]) throws(SQLiteError) -> [Row] {
        try connection.prepare(sql).rows(parameters.map(SQLiteValue.init))
    }

    package func queryRow(_ sql: String, _ parameters: [StoreValue]) throws(SQLiteError) -> Row {
        try connection.prepare(sql).onlyRow(parameters.map(SQLiteValue.init))
    }

    package func read<T>(_ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// One transaction; SQLite serializes every write, so `lock` is not needed.
    package func write<T>(locking lock: String?, _ body: () throws(SQLiteError) -> T) throws(StoreError) -> T {
        do {
            return try connection.transaction(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    package func hasTable(_ name: String) throws(SQLiteError) -> Bool {
        try !query("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?1", [.text(name)]).isEmpty
    }

    /// Nothing: an SQLite store has no listeners; replicas poll.
    package func channelMoved(app: String) {}

    /// None: an SQLite store has no notifications, so replicas poll `pointers`.
    package func changeFeed() -> (any ChangeFeed)? { nil }

    /// Nothing: SQLite serializes every write.
    package func lock(_ name: String) {}

    /// Logs each customer in `customer_changes` with the transaction, for the commit feeds of other connections,
    /// and forgets all but the newest `SQLiteCommitFeed.changesKept`.
    package func customersChanged(app: String, customers: Set<String>) throws(SQLiteError) {
        guard !customers.isEmpty else { return }
        let insert = try connection.prepare("INSERT INTO customer_changes (app, customer) VALUES (?1, ?2)")
        for customer in customers.sorted() {
            _ = try insert.rows([.text(app), .text(customer)])
        }
        _ = try query("DELETE FROM customer_changes WHERE seq <= last_insert_rowid() - ?1",
                      [.integer(SQLiteCommitFeed.changesKept)])
    }

    /// A feed that notices commits of other connections (other processes, or this one's other stores) from
    /// SQLite's data version and names the customers they changed, on a read-only connection of its own.
    package func customerChangeFeed() throws(StoreError) -> (any CustomerChangeFeed)? {
        do {
            return try SQLiteCommitFeed(path: path)
        } catch {
            throw StoreError(error, path: path)
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
}

extension DatabaseStore where Backend == SQLiteBackend {
    /// Opens the store at `path` in `mode`, migrating the schema of a writable store.
    package convenience init(path: String, mode: StoreMode) throws(StoreError) {
        self.init(backend: try SQLiteBackend(path: path, mode: mode))
    }

    /// The file's path.
    package var path: String { backend.path }

    /// `PRAGMA integrity_check`'s answer: `ok` for a sound file.
    package func integrityCheck() throws(StoreError) -> String {
        try read { () throws(SQLiteError) in
            try backend.connection.prepare("PRAGMA integrity_check").rows()
                .map { (row) throws(SQLiteError) in try row.text("integrity_check") }.joined(separator: "\n")
        }
    }
}

extension Row: StoreRow {}

extension SQLiteValue {
    init(_ value: StoreValue) {
        self = switch value {
        case .integer(let number): .integer(number)
        case .text(let text): .text(text)
        case .bytes(let bytes): .blob(bytes)
        case .null: .null
        }
    }
}
