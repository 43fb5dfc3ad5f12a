/// Why a verified payload's JSON is not the App Store payload it should be.
package enum PayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The payload is not a JSON object; `found` is what it is ("a list").
    case notAnObject(found: String)
    /// A member the payload must have is missing; `field` is its path, such as `data.bundleId`.
    case missingField(String)
    /// A member has the wrong kind of value: `expected` and `found` as "a string", "a whole number".
    case wrongType(field: String, expected: String, found: String)

    package var description: String {
        switch self {
        case .notAnObject(let found): "the payload is \(found), not an object"
        case .missingField(let field): "the payload has no '\(field)'"
        case .wrongType(let field, let expected, let found): "the payload's '\(field)' is \(found), not \(expected)"
        }
    }
}
