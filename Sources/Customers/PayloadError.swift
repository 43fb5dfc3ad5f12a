/// Why a store payload's JSON (a verified App Store payload, a Play notification or Developer API read) is not what
/// it should be.
package enum PayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The payload is not a JSON object; `found` is what it is ("a list").
    case notAnObject(found: String)
    /// A member the payload must have is missing; `field` is its path, such as `data.bundleId`.
    case missingField(String)
    /// A member has the wrong kind of value: `expected` and `found` as "a string", "a whole number".
    case wrongType(field: String, expected: String, found: String)
    /// A member has the right kind of value but not a readable one: `expected` as "an RFC 3339 time".
    case invalidValue(field: String, expected: String)
    /// The payload has none of the members it must have one of, such as a Play notification's bodies.
    case missingOneOf([String])

    package var description: String { description(naming: "the payload") }

    /// The description with `subject` ("the notification") in place of "the payload".
    package func description(naming subject: String) -> String {
        switch self {
        case .notAnObject(let found): "\(subject) is \(found), not an object"
        case .missingField(let field): "\(subject) has no '\(field)'"
        case .wrongType(let field, let expected, let found): "\(subject)'s '\(field)' is \(found), not \(expected)"
        case .invalidValue(let field, let expected): "\(subject)'s '\(field)' is not \(expected)"
        case .missingOneOf(let fields): "\(subject) has none of " + fields.map { "'\($0)'" }.joined(separator: ", ")
        }
    }
}
