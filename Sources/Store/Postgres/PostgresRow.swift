/// One row a statement returned, read by column name through getters that throw on NULL or a value of
/// another type instead of inventing `""` or `0`.
package struct PostgresRow: Hashable, Sendable {
    /// The column names, in the statement's order.
    package let columns: [String]
    /// Each column in PostgreSQL's text format, nil for NULL.
    package let values: [String?]
    /// The statement that returned the row, for errors.
    let statement: String

    /// The integer in `column` (`integer` or `bigint`).
    package func integer(_ column: String) throws(PostgresError) -> Int64 {
        let text = try value(column)
        guard let number = Int64(text) else { throw mismatch(column, expected: "an integer", found: text) }
        return number
    }

    /// The text in `column`.
    package func text(_ column: String) throws(PostgresError) -> String {
        try value(column)
    }

    /// The bytes in a `bytea` column (sent by the server as `\x` and hex digits).
    package func blob(_ column: String) throws(PostgresError) -> [UInt8] {
        let text = try value(column)
        guard text.hasPrefix("\\x"), let bytes = Self.decodeHex(text.utf8.dropFirst(2)) else {
            throw mismatch(column, expected: "bytea in hex", found: String(text.prefix(20)))
        }
        return bytes
    }

    /// The boolean in `column`.
    package func bool(_ column: String) throws(PostgresError) -> Bool {
        switch try value(column) {
        case "t": return true
        case "f": return false
        case let other: throw mismatch(column, expected: "a boolean", found: other)
        }
    }

    /// The value in `column`; NULL is an error, since every column the store reads is `NOT NULL`.
    private func value(_ column: String) throws(PostgresError) -> String {
        guard let index = columns.firstIndex(of: column) else {
            throw PostgresError(message: "no column '\(column)'", statement: statement)
        }
        guard let value = values[index] else {
            throw PostgresError(message: "column '\(column)' is NULL where a value is required", statement: statement)
        }
        return value
    }

    private func mismatch(_ column: String, expected: String, found: String) -> PostgresError {
        PostgresError(message: "column '\(column)' holds '\(found)' where \(expected) is expected", statement: statement)
    }

    /// The bytes that pairs of hex digits spell, or nil when `digits` are not such pairs.
    private static func decodeHex(_ digits: Substring.UTF8View) -> [UInt8]? {
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var high: UInt8?
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }
}
