import CSQLite

/// An open SQLite database: WAL journal, foreign keys on, a busy timeout; the only owner of its handle.
///
/// Not shared between threads: each process or task opens its own.
package final class Connection {
    private let handle: OpaquePointer
    package let path: String
    /// The statements prepared so far, by their SQL.
    private var statements: [String: Statement] = [:]

    /// Opens `path`, creating it when `create` is set; read-only connections never write.
    package init(path: String, readOnly: Bool = false, create: Bool = false, busyTimeout: Int32 = 10_000)
        throws(SQLiteError)
    {
        var handle: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | (create && !readOnly ? SQLITE_OPEN_CREATE : 0)
            | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            throw SQLiteError.failed(code: status, message: message, sql: nil)
        }
        self.handle = handle
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeout)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Whether SQLite opened the main database read-only (a file or folder without write permission).
    package var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// Prepares `sql` with `?` parameters, once per connection: a statement runs to its end and is reset before
    /// it returns, so the next caller of the same SQL reuses it (preparing was most of a short read's cost).
    package func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        if let prepared = statements[sql] { return prepared }
        let statement = try Statement(connection: self, handle: handle, sql: sql)
        if statements.count >= Self.statementLimit { statements.removeAll() }
        statements[sql] = statement
        return statement
    }

    /// The most statements kept prepared; the store's SQL is a few dozen texts.
    private static let statementLimit = 256

    /// Runs statements that take no parameters and return no rows (schema, pragmas).
    package func execute(_ sql: String) throws(SQLiteError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status, sql: sql) }
    }

    /// Runs `body` in one transaction, `BEGIN IMMEDIATE` so writers queue on the busy timeout instead of
    /// failing halfway; rolls back when `body` throws.
    package func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The error SQLite reports for `status` on this connection.
    func error(_ status: Int32, sql: String?) -> SQLiteError {
        SQLiteError.failed(code: sqlite3_extended_errcode(handle) != 0 ? sqlite3_extended_errcode(handle) : status,
                           message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
