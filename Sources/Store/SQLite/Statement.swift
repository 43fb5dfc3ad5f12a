import CSQLite

/// A value bound to a `?` parameter or read from a column.
package enum SQLiteValue: Hashable, Sendable {
    case integer(Int64)
    case text(String)
    case blob([UInt8])
    case null
}

/// A prepared statement; parameters are always bound, never spliced into the SQL.
package final class Statement {
    private let connection: Connection
    private let handle: OpaquePointer
    private let sql: String

    init(connection: Connection, handle database: OpaquePointer, sql: String) throws(SQLiteError) {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(database, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw connection.error(status, sql: sql) }
        self.connection = connection
        handle = statement
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Runs the statement with `parameters` and returns every row.
    package func rows(_ parameters: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        try bind(parameters)
        defer { sqlite3_reset(handle) }
        var rows: [[SQLiteValue]] = []
        while true {
            let status = sqlite3_step(handle)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw connection.error(status, sql: sql) }
            rows.append((0..<sqlite3_column_count(handle)).map(column))
        }
    }

    /// Runs the statement with `parameters`, ignoring any rows.
    package func run(_ parameters: [SQLiteValue] = []) throws(SQLiteError) {
        _ = try rows(parameters)
    }

    private func bind(_ parameters: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_clear_bindings(handle)
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch value {
            case .integer(let number): status = sqlite3_bind_int64(handle, index, number)
            case .text(let text): status = csqlite_bind_text(handle, index, text, -1)
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { csqlite_bind_blob(handle, index, $0.baseAddress, Int32($0.count)) }
            case .null: status = sqlite3_bind_null(handle, index)
            }
            guard status == SQLITE_OK else { throw connection.error(status, sql: sql) }
        }
    }

    private func column(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_TEXT: return .text(String(cString: sqlite3_column_text(handle, index)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}

extension SQLiteValue {
    package var integer: Int64? { if case .integer(let value) = self { value } else { nil } }
    package var text: String? { if case .text(let value) = self { value } else { nil } }
    package var blob: [UInt8]? {
        switch self {
        case .blob(let value): value
        case .text(let value): Array(value.utf8)
        default: nil
        }
    }
}
