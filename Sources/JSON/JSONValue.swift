/// A JSON value (RFC 8259), as read from a request or written to an answer: the evaluation input, an OFREP
/// context, an admin command, a language server message.
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
