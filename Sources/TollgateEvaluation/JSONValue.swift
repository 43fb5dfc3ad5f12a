/// A JSON document as read from a request (RFC 8259): the evaluation input, an OFREP context, an admin command.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// An object; a name given twice is refused when reading, so no member is silently lost.
    case object([String: JSONValue])

    /// What the value is, for messages: "a string", "an object", "null".
    package var kind: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// Why a JSON text could not be read, and where: 1-based line and column, columns counting characters.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    /// What is wrong, lowercase: "expected ',' or '}', found 'x'".
    package var problem: String

    package var description: String { "bad JSON at line \(line), column \(column): \(problem)" }
}

extension JSONValue {
    /// The text of a string value; nil for any other kind.
    package var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}
