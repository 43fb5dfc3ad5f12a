package import TollgateEvaluation

/// One row a statement returned, read by column name through getters that throw on NULL or a value of
/// another type instead of inventing `""` or `0`.
///
/// Every column arrives in PostgreSQL's binary format and is read by its type: `bytea` as its bytes,
/// integers as big-endian two's complement, text as its UTF-8 bytes, `timestamptz` as microseconds.
package struct PostgresRow: Hashable, Sendable {
    /// The column names, in the statement's order.
    package let columns: [String]
    /// Each column's type.
    package let types: [PostgresType]
    /// Each column in PostgreSQL's binary format, nil for NULL.
    package let values: [[UInt8]?]
    /// The statement that returned the row, for errors.
    let statement: String

    /// The integer in `column` (`smallint`, `integer` or `bigint`).
    package func integer(_ column: String) throws(PostgresError) -> Int64 {
        let (type, bytes) = try value(column)
        guard [.int2, .int4, .int8].contains(type), [2, 4, 8].contains(bytes.count) else {
            throw mismatch(column, expected: "an integer", found: type)
        }
        let unsigned = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let shift = UInt64(64 - 8 * bytes.count)
        // Sign-extends a two- or four-byte integer.
        return Int64(bitPattern: unsigned << shift) >> shift
    }

    /// The number in `column`: a `double precision` (IEEE 754, big-endian), or an integer as its value.
    package func double(_ column: String) throws(PostgresError) -> Double {
        let (type, bytes) = try value(column)
        if [.int2, .int4, .int8].contains(type) { return Double(try integer(column)) }
        guard type == .float8, bytes.count == 8 else { throw mismatch(column, expected: "a number", found: type) }
        return Double(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// The text in `column`.
    package func text(_ column: String) throws(PostgresError) -> String {
        let (type, bytes) = try value(column)
        guard type.isText else { throw mismatch(column, expected: "text", found: type) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes in a `bytea` column, as they are.
    package func blob(_ column: String) throws(PostgresError) -> [UInt8] {
        let (type, bytes) = try value(column)
        guard type == .bytea else { throw mismatch(column, expected: "bytea", found: type) }
        return bytes
    }

    /// The boolean in `column`.
    package func bool(_ column: String) throws(PostgresError) -> Bool {
        let (type, bytes) = try value(column)
        guard type == .bool, bytes.count == 1 else { throw mismatch(column, expected: "a boolean", found: type) }
        return bytes[0] != 0
    }

    /// The text in `column` as `parse` reads it; text it reads as nil is a mismatch with `expected`.
    package func parsed<T>(_ column: String, expected: String, _ parse: (String) -> T?) throws(PostgresError) -> T {
        let text = try text(column)
        guard let value = parse(text) else {
            throw PostgresError(message: "column '\(column)' holds '\(text.prefix(40))' where \(expected) is expected",
                                statement: statement)
        }
        return value
    }

    /// The time in `column`: a `timestamptz` the server's clock set (to the second it falls in), or the
    /// ISO 8601 text, `2026-11-29T12:00:00Z`, the store writes for the times callers give.
    package func timestamp(_ column: String) throws(PostgresError) -> Timestamp {
        let (type, bytes) = try value(column)
        if type.isText { return try parsed(column, expected: "an ISO 8601 time") { Timestamp($0) } }
        guard type == .timestamptz, bytes.count == 8 else { throw mismatch(column, expected: "a time", found: type) }
        let microseconds = Int64(bitPattern: bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        // ±infinity are the extreme values; no time the store sets is either.
        guard microseconds != .min, microseconds != .max else {
            throw PostgresError(message: "column '\(column)' holds an infinite time", statement: statement)
        }
        let seconds = microseconds >= 0 ? microseconds / 1_000_000 : (microseconds - 999_999) / 1_000_000
        return Timestamp(secondsSince1970: seconds + Self.secondsFrom1970To2000)
    }

    /// Whether `column` holds NULL.
    package func isNull(_ column: String) throws(PostgresError) -> Bool {
        guard let index = columns.firstIndex(of: column) else {
            throw PostgresError(message: "no column '\(column)'", statement: statement)
        }
        return values[index] == nil
    }

    /// PostgreSQL counts binary times from 2000-01-01T00:00:00Z.
    private static let secondsFrom1970To2000: Int64 = 946_684_800

    /// The type and bytes in `column`; NULL is an error, since every column the store reads is `NOT NULL`.
    private func value(_ column: String) throws(PostgresError) -> (PostgresType, [UInt8]) {
        guard let index = columns.firstIndex(of: column) else {
            throw PostgresError(message: "no column '\(column)'", statement: statement)
        }
        guard let value = values[index] else {
            throw PostgresError(message: "column '\(column)' is NULL where a value is required", statement: statement)
        }
        return (types[index], value)
    }

    private func mismatch(_ column: String, expected: String, found type: PostgresType) -> PostgresError {
        PostgresError(message: "column '\(column)' holds \(type) where \(expected) is expected",
                      statement: statement)
    }
}
