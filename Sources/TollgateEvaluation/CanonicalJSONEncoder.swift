import JSON

/// Encodes an `Encodable` value of strings, integers, booleans and nil as the bytes `JSONEncoder` gives with
/// `.sortedKeys` and `.withoutEscapingSlashes`: compact, object keys in UTF-8 byte order (as Foundation sorts them,
/// not by `String` comparison, which normalizes first), strings escaped by `JSONWriter`. A floating-point value is
/// refused: the canonical form has none. It builds the value's tree once and writes it, without Foundation's
/// per-value boxing, so bundles are hashed and published faster.
package struct CanonicalJSONEncoder: Sendable {
    package init() {}

    /// The canonical JSON of `value`.
    package func encode(_ value: some Encodable) throws(CanonicalJSONError) -> [UInt8] {
        let encoder = CanonicalValueEncoder()
        do {
            try value.encode(to: encoder)
        } catch let error as CanonicalJSONError {
            throw error
        } catch {
            throw .failed(String(describing: error))
        }
        guard let node = encoder.node else { throw .noValue }
        var writer = JSONWriter(capacity: 4096)
        node.write(to: &writer)
        return writer.bytes
    }
}

/// Why a value has no canonical JSON.
package enum CanonicalJSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `Double` or `Float` at `path` (coding keys joined by dots).
    case floatingPoint(path: String)
    /// The value encoded nothing at all.
    case noValue
    /// The value's own `encode(to:)` threw.
    case failed(String)

    package var description: String {
        switch self {
        case .floatingPoint(let path): "canonical JSON has no floating-point numbers, but one is at '\(path)'"
        case .noValue: "the value encoded nothing"
        case .failed(let detail): "the value could not be encoded: \(detail)"
        }
    }

    /// The error for a floating-point value at `codingPath`.
    static func floatingPoint(at codingPath: [any CodingKey]) -> CanonicalJSONError {
        .floatingPoint(path: codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))
    }
}

/// A value being encoded: a leaf, a list or object still being filled, or an encoder handed out by
/// `superEncoder`, read when written.
enum CanonicalNode {
    case null
    case bool(Bool)
    case string(String)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case array(CanonicalArray)
    case object(CanonicalObject)
    case pending(CanonicalValueEncoder)

    /// Writes the node, objects with their keys in UTF-8 byte order; an encoder that encoded nothing as `{}`,
    /// as `JSONEncoder` writes it.
    func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let flag): writer.bool(flag)
        case .string(let text): writer.string(text)
        case .integer(let number): writer.integer(number)
        case .unsignedInteger(let number): writer.integer(number)
        case .array(let array):
            writer.array(array.elements) { $1.write(to: &$0) }
        case .object(let object):
            let members = object.sorted
            writer.object { writer in
                for (key, node) in members {
                    writer.member(key) { node.write(to: &$0) }
                }
            }
        case .pending(let encoder):
            (encoder.node ?? .object(CanonicalObject())).write(to: &writer)
        }
    }
}

/// A list being filled by an unkeyed container.
final class CanonicalArray {
    var elements: [CanonicalNode] = []
}

/// An object being filled by a keyed container, its members in the order encoded.
final class CanonicalObject {
    var members: [(key: String, node: CanonicalNode)] = []

    /// Adds a member; appended, not looked up, for a key is rarely encoded twice.
    func set(_ key: String, _ node: CanonicalNode) {
        members.append((key, node))
    }

    /// The members with their keys in UTF-8 byte order; a key encoded twice has its last value, as in `JSONEncoder`.
    var sorted: [(key: String, node: CanonicalNode)] {
        var order = Array(members.indices)
        order.sort { first, second in
            let (left, right) = (members[first].key, members[second].key)
            return left == right ? first < second : left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        var result: [(key: String, node: CanonicalNode)] = []
        result.reserveCapacity(order.count)
        for index in order {
            if let last = result.last, last.key == members[index].key {
                result[result.count - 1] = members[index]
            } else {
                result.append(members[index])
            }
        }
        return result
    }
}

/// The `Encoder` a value encodes itself to; what it encoded is `node`.
final class CanonicalValueEncoder: Encoder {
    /// The encoder of the value this one is in (nil at the top), the keys of nested containers from there, and this
    /// value's key: the path is put together only when asked for, as it is only for an error.
    private let parent: CanonicalValueEncoder?
    private let nestedKeys: [any CodingKey]
    private let key: (any CodingKey)?
    var codingPath: [any CodingKey] {
        (parent?.codingPath ?? []) + nestedKeys + (key.map { [$0] } ?? [])
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What was encoded; nil until a container is asked for or a single value encoded.
    var node: CanonicalNode?

    init(parent: CanonicalValueEncoder? = nil, nestedKeys: [any CodingKey] = [], key: (any CodingKey)? = nil) {
        self.parent = parent
        self.nestedKeys = nestedKeys
        self.key = key
    }

    /// The node of `value`, the one at `key` (after `nestedKeys`) in what `parent` encodes: strings, integers,
    /// booleans, lists and tables of strings directly, anything else through its `encode(to:)`.
    static func node<Value: Encodable>(of value: Value, in parent: CanonicalValueEncoder?, nestedKeys: [any CodingKey],
                                       key: (any CodingKey)?) throws
        -> CanonicalNode
    {
        // Compared by type, not cast: a cast of a list to `[String]` would try each element.
        if Value.self == String.self { return .string(value as! String) }
        if Value.self == Bool.self { return .bool(value as! Bool) }
        if Value.self == Int.self { return .integer(Int64(value as! Int)) }
        if Value.self == [String].self {
            let array = CanonicalArray()
            array.elements = (value as! [String]).map { .string($0) }
            return .array(array)
        }
        if Value.self == [String: String].self {
            let object = CanonicalObject()
            object.members = (value as! [String: String]).map { ($0.key, .string($0.value)) }
            return .object(object)
        }
        let encoder = CanonicalValueEncoder(parent: parent, nestedKeys: nestedKeys, key: key)
        try value.encode(to: encoder)
        return encoder.node ?? .object(CanonicalObject())
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: CanonicalObject
        if case .object(let existing) = node {
            object = existing
        } else {
            object = CanonicalObject()
            node = .object(object)
        }
        return KeyedEncodingContainer(CanonicalKeyedContainer<Key>(object: object, encoder: self, nestedKeys: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: CanonicalArray
        if case .array(let existing) = node {
            array = existing
        } else {
            array = CanonicalArray()
            node = .array(array)
        }
        return CanonicalUnkeyedContainer(array: array, encoder: self, nestedKeys: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        self
    }
}

extension CanonicalValueEncoder: SingleValueEncodingContainer {
    func encodeNil() throws { node = .null }
    func encode(_ value: Bool) throws { node = .bool(value) }
    func encode(_ value: String) throws { node = .string(value) }
    func encode(_ value: Double) throws { throw CanonicalJSONError.floatingPoint(at: codingPath) }
    func encode(_ value: Float) throws { throw CanonicalJSONError.floatingPoint(at: codingPath) }
    func encode(_ value: Int) throws { node = .integer(Int64(value)) }
    func encode(_ value: Int8) throws { node = .integer(Int64(value)) }
    func encode(_ value: Int16) throws { node = .integer(Int64(value)) }
    func encode(_ value: Int32) throws { node = .integer(Int64(value)) }
    func encode(_ value: Int64) throws { node = .integer(value) }
    func encode(_ value: UInt) throws { node = .unsignedInteger(UInt64(value)) }
    func encode(_ value: UInt8) throws { node = .unsignedInteger(UInt64(value)) }
    func encode(_ value: UInt16) throws { node = .unsignedInteger(UInt64(value)) }
    func encode(_ value: UInt32) throws { node = .unsignedInteger(UInt64(value)) }
    func encode(_ value: UInt64) throws { node = .unsignedInteger(value) }
    func encode(_ value: some Encodable) throws {
        node = try Self.node(of: value, in: parent, nestedKeys: nestedKeys, key: key)
    }
}

/// A keyed container writing into an object.
struct CanonicalKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: CanonicalObject
    /// The encoder whose value holds the object, and the keys of the nested containers from there.
    let encoder: CanonicalValueEncoder
    let nestedKeys: [any CodingKey]
    var codingPath: [any CodingKey] { encoder.codingPath + nestedKeys }

    mutating func encodeNil(forKey key: Key) throws { object.set(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { object.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { object.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        throw CanonicalJSONError.floatingPoint(at: codingPath + [key])
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        throw CanonicalJSONError.floatingPoint(at: codingPath + [key])
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        object.set(key.stringValue, .integer(Int64(value)))
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        object.set(key.stringValue, .integer(Int64(value)))
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        object.set(key.stringValue, .integer(Int64(value)))
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        object.set(key.stringValue, .integer(Int64(value)))
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws { object.set(key.stringValue, .integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        object.set(key.stringValue, .unsignedInteger(UInt64(value)))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        object.set(key.stringValue, .unsignedInteger(UInt64(value)))
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        object.set(key.stringValue, .unsignedInteger(UInt64(value)))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        object.set(key.stringValue, .unsignedInteger(UInt64(value)))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        object.set(key.stringValue, .unsignedInteger(value))
    }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        object.set(key.stringValue, try CanonicalValueEncoder.node(of: value, in: encoder, nestedKeys: nestedKeys,
                                                                  key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = CanonicalObject()
        object.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(CanonicalKeyedContainer<NestedKey>(object: nested, encoder: encoder,
                                                                   nestedKeys: nestedKeys + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = CanonicalArray()
        object.set(key.stringValue, .array(nested))
        return CanonicalUnkeyedContainer(array: nested, encoder: encoder, nestedKeys: nestedKeys + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key.stringValue)
    }

    private func superEncoder(named name: String) -> CanonicalValueEncoder {
        let superEncoder = CanonicalValueEncoder(parent: encoder, nestedKeys: nestedKeys, key: CanonicalIndexKey(name))
        object.set(name, .pending(superEncoder))
        return superEncoder
    }
}

/// An unkeyed container appending to a list.
struct CanonicalUnkeyedContainer: UnkeyedEncodingContainer {
    let array: CanonicalArray
    /// The encoder whose value holds the list, and the keys of the nested containers from there.
    let encoder: CanonicalValueEncoder
    let nestedKeys: [any CodingKey]
    var codingPath: [any CodingKey] { encoder.codingPath + nestedKeys }
    var count: Int { array.elements.count }

    /// The key of the next element.
    private var nextKey: CanonicalIndexKey { CanonicalIndexKey(index: array.elements.count) }
    private var nextPath: [any CodingKey] { codingPath + [nextKey] }

    mutating func encodeNil() throws { array.elements.append(.null) }
    mutating func encode(_ value: Bool) throws { array.elements.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.elements.append(.string(value)) }
    mutating func encode(_ value: Double) throws { throw CanonicalJSONError.floatingPoint(at: nextPath) }
    mutating func encode(_ value: Float) throws { throw CanonicalJSONError.floatingPoint(at: nextPath) }
    mutating func encode(_ value: Int) throws { array.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { array.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { array.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { array.elements.append(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { array.elements.append(.integer(value)) }
    mutating func encode(_ value: UInt) throws { array.elements.append(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt8) throws { array.elements.append(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt16) throws { array.elements.append(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt32) throws { array.elements.append(.unsignedInteger(UInt64(value))) }
    mutating func encode(_ value: UInt64) throws { array.elements.append(.unsignedInteger(value)) }
    mutating func encode(_ value: some Encodable) throws {
        array.elements.append(try CanonicalValueEncoder.node(of: value, in: encoder, nestedKeys: nestedKeys,
                                                             key: nextKey))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let keys = nestedKeys + [nextKey]
        let nested = CanonicalObject()
        array.elements.append(.object(nested))
        return KeyedEncodingContainer(CanonicalKeyedContainer<NestedKey>(object: nested, encoder: encoder,
                                                                         nestedKeys: keys))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let keys = nestedKeys + [nextKey]
        let nested = CanonicalArray()
        array.elements.append(.array(nested))
        return CanonicalUnkeyedContainer(array: nested, encoder: encoder, nestedKeys: keys)
    }

    mutating func superEncoder() -> any Encoder {
        let superEncoder = CanonicalValueEncoder(parent: encoder, nestedKeys: nestedKeys, key: nextKey)
        array.elements.append(.pending(superEncoder))
        return superEncoder
    }
}

/// A coding key for a list index or a `superEncoder` name, in coding paths.
struct CanonicalIndexKey: CodingKey {
    private let name: String?
    let intValue: Int?
    /// `Index N` for an index, written only when asked for.
    var stringValue: String { name ?? "Index \(intValue ?? 0)" }

    init(_ name: String) {
        self.name = name
        intValue = nil
    }

    init(index: Int) {
        name = nil
        intValue = index
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        self.init(index: intValue)
    }
}
