package import TollgateEvaluation

/// One row a statement returned, read by column name through getters that throw on NULL or a wrong
/// type instead of inventing `""` or `0`.
package struct Row: Hashable, Sendable {
    /// The column names, in the statement's order.
    package let columns: [String]
    package let values: [SQLiteValue]
    /// The statement that returned the row, for errors.
    let sql: String

    /// The integer in `column`.
    package func integer(_ column: String) throws(SQLiteError) -> Int64 {
        switch try value(column) {
        case .integer(let number): return number
        case let other: throw mismatch(column, expected: "an integer", found: other)
        }
    }

    /// The number in `column`: a real, or an integer (an aggregate of integers).
    package func double(_ column: String) throws(SQLiteError) -> Double {
        switch try value(column) {
        case .real(let number): return number
        case .integer(let number): return Double(number)
        case let other: throw mismatch(column, expected: "a number", found: other)
        }
    }

    /// The text in `column`.
    package func text(_ column: String) throws(SQLiteError) -> String {
        switch try value(column) {
        case .text(let text): return text
        case let other: throw mismatch(column, expected: "text", found: other)
        }
    }

    /// The bytes in `column`.
    package func blob(_ column: String) throws(SQLiteError) -> [UInt8] {
        switch try value(column) {
        case .blob(let bytes): return bytes
        case let other: throw mismatch(column, expected: "a blob", found: other)
        }
    }

    /// The text in `column` as `parse` reads it; text it reads as nil is a mismatch with `expected`.
    package func parsed<T>(_ column: String, expected: String, _ parse: (String) -> T?) throws(SQLiteError) -> T {
        let text = try text(column)
        guard let value = parse(text) else {
            throw .typeMismatch(column: column, expected: expected, found: "'\(text.prefix(40))'", sql: sql)
        }
        return value
    }

    /// The time in `column`, which the store writes as ISO 8601 text, `2026-11-29T12:00:00Z`.
    package func timestamp(_ column: String) throws(SQLiteError) -> Timestamp {
        try parsed(column, expected: "an ISO 8601 time") { Timestamp($0) }
    }

    /// Whether `column` holds NULL.
    package func isNull(_ column: String) throws(SQLiteError) -> Bool {
        guard let index = columns.firstIndex(of: column) else { throw .noSuchColumn(column, sql: sql) }
        return values[index] == .null
    }

    /// The value in `column`; NULL is an error, since every column the store reads is `NOT NULL`.
    private func value(_ column: String) throws(SQLiteError) -> SQLiteValue {
        guard let index = columns.firstIndex(of: column) else { throw .noSuchColumn(column, sql: sql) }
        let value = values[index]
        if value == .null { throw .unexpectedNull(column: column, sql: sql) }
        return value
    }

    private func mismatch(_ column: String, expected: String, found: SQLiteValue) -> SQLiteError {
        let kind = switch found {
        case .integer: "an integer"
        case .real: "a real"
        case .text: "text"
        case .blob: "a blob"
        case .null: "NULL"
        }
        return .typeMismatch(column: column, expected: expected, found: kind, sql: sql)
    }
}
