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

    func object(required name: String) throws(PayloadError) -> PayloadReader {
        guard let object = try object(name) else { throw .missingField(prefix + name) }
        return object
    }

    /// The objects of the list member `name`, each named by its index (`lineItems[0].`); empty when missing or null.
    func objects(_ name: String) throws(PayloadError) -> [PayloadReader] {
        guard let value = present(name) else { return [] }
        guard let elements = value.elements else { throw mismatch(name, "a list", value) }
        var objects: [PayloadReader] = []
        for (index, element) in elements.enumerated() {
            objects.append(try PayloadReader(element, path: prefix + name + "[\(index)]."))
        }
        return objects
    }

    /// Whether the payload has the member `name`, null counting as missing.
    func has(_ name: String) -> Bool {
        present(name) != nil
    }

    /// The names of the members present, sorted.
    var names: [String] {
        members.keys.filter { present($0) != nil }.sorted()
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

    /// A time in milliseconds since 1970 sent as a whole number or as its decimal text (Google's 64-bit integers),
    /// to the second it falls in.
    func milliseconds(_ name: String) throws(PayloadError) -> Timestamp? {
        try wholeNumber(name, expected: "whole milliseconds").map(Timestamp.init(milliseconds:))
    }

    /// A whole number sent as a number or as its decimal text (Google's 64-bit integers); a text that is none is
    /// an invalid value, said to be `expected`.
    func wholeNumber(_ name: String, expected: String) throws(PayloadError) -> Int64? {
        guard let value = present(name) else { return nil }
        if let text = value.string {
            guard let whole = Int64(text) else { throw .invalidValue(field: prefix + name, expected: expected) }
            return whole
        }
        guard let whole = value.integer else { throw mismatch(name, "a whole number or its text", value) }
        return Int64(whole)
    }

    func milliseconds(required name: String) throws(PayloadError) -> Timestamp {
        guard let time = try milliseconds(name) else { throw .missingField(prefix + name) }
        return time
    }

    /// An RFC 3339 time such as `2026-12-01T10:00:00.123Z`, to the second it falls in: the fraction is dropped, so
    /// an end of access is never late.
    func time(_ name: String) throws(PayloadError) -> Timestamp? {
        guard let text = try string(name) else { return nil }
        var whole = Substring(text)
        if let dot = whole.firstIndex(of: ".") {
            let digits = whole[whole.index(after: dot)...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty { whole.removeSubrange(dot..<digits.endIndex) }
        }
        guard let time = Timestamp(String(whole)) else {
            throw .invalidValue(field: prefix + name, expected: "an RFC 3339 time")
        }
        return time
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
