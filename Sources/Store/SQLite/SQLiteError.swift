import CSQLite

/// A failure reported by SQLite, or a row that does not hold what the statement promised.
package enum SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// SQLite refused: its extended result code, such as `SQLITE_NOTADB` or `SQLITE_BUSY_SNAPSHOT`, its
    /// message, and the SQL that failed (nil for opening and closing).
    case failed(code: Int32, message: String, sql: String?)
    /// A column read as a value holds NULL.
    case unexpectedNull(column: String, sql: String)
    /// A column holds another type than the one read, such as text where an integer was expected.
    case typeMismatch(column: String, expected: String, found: String, sql: String)
    /// A row was read by a column the statement does not return.
    case noSuchColumn(String, sql: String)
    /// A statement that must return one row returned none.
    case noRow(sql: String)

    package var description: String {
        switch self {
        case .failed(let code, let message, let sql):
            "\(message) (SQLite code \(code))" + (sql.map { " in: \($0)" } ?? "")
        case .unexpectedNull(let column, let sql):
            "column '\(column)' is NULL where a value is required in: \(sql)"
        case .typeMismatch(let column, let expected, let found, let sql):
            "column '\(column)' holds \(found) where \(expected) is expected in: \(sql)"
        case .noSuchColumn(let column, let sql):
            "no column '\(column)' in: \(sql)"
        case .noRow(let sql):
            "no row where one is required in: \(sql)"
        }
    }

    /// SQLite's extended result code, or nil when the row, not SQLite, is at fault.
    package var code: Int32? {
        if case .failed(let code, _, _) = self { code } else { nil }
    }

    /// Whether the file is not an SQLite database (`SQLITE_NOTADB`).
    package var isNotADatabase: Bool { primaryCode == SQLITE_NOTADB }
    /// Whether another connection holds the lock (`SQLITE_BUSY`).
    package var isBusy: Bool { primaryCode == SQLITE_BUSY }
    /// Whether the database or its folder cannot be written (`SQLITE_READONLY`).
    package var isReadOnly: Bool { primaryCode == SQLITE_READONLY }
    /// Whether the file cannot be opened or created (`SQLITE_CANTOPEN`).
    package var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    /// Whether SQLite found the file damaged (`SQLITE_CORRUPT`), or a row holds what the schema forbids.
    package var isCorrupt: Bool {
        switch self {
        case .failed: primaryCode == SQLITE_CORRUPT
        case .unexpectedNull, .typeMismatch: true
        case .noSuchColumn, .noRow: false
        }
    }

    /// The primary result code: an extended code's low byte (`SQLITE_BUSY_SNAPSHOT` is a kind of `SQLITE_BUSY`).
    private var primaryCode: Int32? { code.map { $0 & 0xFF } }
}
