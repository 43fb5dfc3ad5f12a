/// A failure reported by SQLite: its result code, its message and the statement that failed.
package struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// SQLite's extended result code, such as 26 (`SQLITE_NOTADB`) or 5 (`SQLITE_BUSY`).
    package var code: Int32
    package var message: String
    /// The SQL that failed, or nil for opening and closing.
    package var sql: String?

    package var description: String {
        "\(message) (SQLite code \(code))" + (sql.map { " in: \($0)" } ?? "")
    }

    /// Whether the file is not an SQLite database (`SQLITE_NOTADB`).
    package var isNotADatabase: Bool { code & 0xFF == 26 }
    /// Whether another connection holds the lock (`SQLITE_BUSY`).
    package var isBusy: Bool { code & 0xFF == 5 }
    /// Whether the database or its folder cannot be written (`SQLITE_READONLY`, `SQLITE_CANTOPEN`).
    package var isReadOnly: Bool { code & 0xFF == 8 }
}
