import JSON
import TollgateEvaluation

/// Reads the members of one payload object, naming each by its path in the errors it throws.
struct PayloadReader {
    private let members: [String: JSONValue]
    /// The path of this object, such as `data.`, put before member names in errors.
    private let prefix: String

    init(_ json: JSONValue, path: String = "") throws(PayloadError) {
        guard case .object(let members) = json else {
            if path.isEmpty { throw .notAnObject(found: json.kind) }
            throw .wrongType(field: String(path.dropLast()), expected: "an object", found: json.kind)
        }
        self.members = members
        prefix = path
    }

    /// The object member `name`, nil when missing or null.
    func object(_ name: String) throws(PayloadError) -> PayloadReader? {
        guard let value = present(name) else { return nil }
        return try PayloadReader(value, path: prefix + name + ".")
    }

    func string(_ name: String) throws(PayloadError) -> String? {
        guard let value = present(name) else { return nil }
        guard let text = value.string else { throw mismatch(name, "a string", value) }
        return text
    }

    func string(required name: String) throws(PayloadError) -> String {
        guard let text = try string(name) else { throw .missingField(prefix + name) }
        return text
    }

    func integer(_ name: String) throws(PayloadError) -> Int64? {
        guard let value = present(name) else { return nil }
        guard let whole = value.integer else { throw mismatch(name, "a whole number", value) }
        return Int64(whole)
    }

    func integer(required name: String) throws(PayloadError) -> Int64 {
        guard let whole = try integer(name) else { throw .missingField(prefix + name) }
        return whole
    }

    func bool(_ name: String) throws(PayloadError) -> Bool? {
        guard let value = present(name) else { return nil }
        guard case .bool(let flag) = value else { throw mismatch(name, "true or false", value) }
        return flag
    }

    /// A date, sent as whole milliseconds since 1970, to the second it falls in.
    func date(_ name: String) throws(PayloadError) -> Timestamp? {
        try integer(name).map(Timestamp.init(milliseconds:))
    }

    func date(required name: String) throws(PayloadError) -> Timestamp {
        Timestamp(milliseconds: try integer(required: name))
    }

    /// The member `name`; a null counts as missing, as Apple's libraries read it.
    private func present(_ name: String) -> JSONValue? {
        guard let value = members[name], value != .null else { return nil }
        return value
    }

    private func mismatch(_ name: String, _ expected: String, _ value: JSONValue) -> PayloadError {
        .wrongType(field: prefix + name, expected: expected, found: value.kind)
    }
}
