/// A JSON value with the byte offset it starts at, read by the same strict reader as `JSONValue`, for files
/// whose findings point into them (store catalogs); objects keep their members in the order written.
package struct JSONNode: Hashable, Sendable {
    package indirect enum Kind: Hashable, Sendable {
        /// `null`, a boolean, a number or a string; never a list or an object, which keep their positions.
        case scalar(JSONValue)
        case array([JSONNode])
        case object([Member])
    }

    /// An object's member: its name, where the name starts, and its value.
    package struct Member: Hashable, Sendable {
        package var name: String
        package var nameOffset: Int
        package var value: JSONNode
    }

    package var kind: Kind
    /// Where the value starts in the text: its first byte.
    package var offset: Int

    /// Reads one JSON value that makes up the whole of `bytes`, with the rules of `JSONValue(reading:)`.
    package init(reading bytes: [UInt8]) throws(JSONSyntaxError) {
        do throws(JSONFailure) {
            self = try bytes.withUnsafeBufferPointer { buffer throws(JSONFailure) in
                var reader = JSONReader(bytes: buffer, tree: LocatedJSONTree())
                return try reader.document()
            }
        } catch {
            throw error.located(in: bytes)
        }
    }

    package init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The members of an object, in order; nil for any other kind.
    package var members: [Member]? {
        guard case .object(let members) = kind else { return nil }
        return members
    }

    /// The member named `name` of an object; nil when absent or when this is not an object.
    package subscript(name: String) -> JSONNode? {
        members?.first { $0.name == name }?.value
    }

    /// The elements of a list; nil for any other kind.
    package var elements: [JSONNode]? {
        guard case .array(let elements) = kind else { return nil }
        return elements
    }

    package var string: String? {
        guard case .scalar(.string(let text)) = kind else { return nil }
        return text
    }

    package var number: Double? {
        guard case .scalar(.number(let number)) = kind else { return nil }
        return number
    }

    package var bool: Bool? {
        guard case .scalar(.bool(let bool)) = kind else { return nil }
        return bool
    }

    package var isNull: Bool { kind == .scalar(.null) }

    /// What the value is, for messages: "a string", "an object", "null", as `JSONValue.kind` says it.
    package var kindName: String {
        switch kind {
        case .scalar(let value): value.kind
        case .array: JSONValue.array([]).kind
        case .object: JSONValue.object([:]).kind
        }
    }
}

/// Builds `JSONNode`s; duplicate names are found with a set beside the ordered members.
private struct LocatedJSONTree: JSONTree {
    func scalar(_ value: JSONValue, at offset: Int) -> JSONNode { JSONNode(.scalar(value), at: offset) }

    func array(_ elements: [JSONNode], at offset: Int) -> JSONNode { JSONNode(.array(elements), at: offset) }

    func emptyMembers() -> (names: Set<String>, members: [JSONNode.Member]) { ([], []) }

    func add(_ name: String, at offset: Int, _ value: JSONNode,
             to members: inout (names: Set<String>, members: [JSONNode.Member])) -> Bool {
        guard members.names.insert(name).inserted else { return false }
        members.members.append(JSONNode.Member(name: name, nameOffset: offset, value: value))
        return true
    }

    func object(_ members: (names: Set<String>, members: [JSONNode.Member]), at offset: Int) -> JSONNode {
        JSONNode(.object(members.members), at: offset)
    }
}
