import CSQLite

/// A value bound to a `?` parameter or read from a column.
package enum SQLiteValue: Hashable, Sendable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null
}

/// A prepared statement; parameters are always bound, never spliced into the SQL.
package final class Statement {
    /// The connection keeps its statements, so they do not keep it.
    private unowned let connection: Connection
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
    package func rows(_ parameters: [SQLiteValue] = []) throws(SQLiteError) -> [Row] {
        try bind(parameters)
        defer { sqlite3_reset(handle) }
        let count = sqlite3_column_count(handle)
        let columns = (0..<count).map { index in sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "" }
        var rows: [Row] = []
        while true {
            let status = sqlite3_step(handle)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw connection.error(status, sql: sql) }
            rows.append(Row(columns: columns, values: (0..<count).map(column), sql: sql))
        }
    }

    /// The first row the statement returns with `parameters`, or nil when it returns none.
    package func firstRow(_ parameters: [SQLiteValue] = []) throws(SQLiteError) -> Row? {
        try rows(parameters).first
    }

    /// The row of a statement that always returns one, such as an aggregate or a pragma.
    package func onlyRow(_ parameters: [SQLiteValue] = []) throws(SQLiteError) -> Row {
        guard let row = try rows(parameters).first else { throw .noRow(sql: sql) }
        return row
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
            case .real(let number): status = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                // The length is given so that text holding a NUL character is stored whole.
                status = text.withCString { csqlite_bind_text(handle, index, $0, Int32(text.utf8.count)) }
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
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let text = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }
}
