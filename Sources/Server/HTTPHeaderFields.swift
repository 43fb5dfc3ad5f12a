/// A request's header fields as received, kept in one buffer: a field becomes a `String` only when it is asked
/// for, and a request is asked for one or two of them, so the server makes no string or dictionary per field.
package struct HTTPHeaderFields: Sendable {
    /// Each field as the byte counts of its name and its value (4 bytes each, little-endian), then the two.
    private var storage: [UInt8] = []

    /// No fields.
    package init() {}

    /// One field per name of `dictionary`, the name lowercased; of names that differ only in case, one is kept.
    package init(_ dictionary: [String: String]) {
        let lowercased = Dictionary(dictionary.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        for (name, value) in lowercased {
            var name = name, value = value
            name.withUTF8 { name in value.withUTF8 { value in append(name: name, value: value) } }
        }
    }

    /// Adds a field after those already held.
    package mutating func append(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        // A request's fields usually fit in one allocation of this size.
        if storage.isEmpty { storage.reserveCapacity(256) }
        Self.appendLength(name.count, to: &storage)
        Self.appendLength(value.count, to: &storage)
        storage.append(contentsOf: name)
        storage.append(contentsOf: value)
    }

    /// The value of the field `name`, in any case; repeated fields joined with ", " in the order received.
    package func value(_ name: String) -> String? {
        var wanted = name.lowercased()
        return wanted.withUTF8 { wanted in
            var found: String?
            forEach { field, value in
                guard Self.name(field, is: wanted) else { return }
                let text = String(decoding: value, as: UTF8.self)
                found = found.map { "\($0), \(text)" } ?? text
            }
            return found
        }
    }

    /// Every field by lowercased name, repeated fields joined with ", " in the order received.
    package var dictionary: [String: String] {
        var pairs: [(String, String)] = []
        forEach { name, value in
            pairs.append((String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self)))
        }
        return Dictionary(pairs) { "\($0), \($1)" }
    }

    /// Calls `body` with each field's name and value, in the order received.
    private func forEach(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        storage.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let nameCount = Self.length(in: bytes, at: offset)
                let valueCount = Self.length(in: bytes, at: offset + 4)
                let name = offset + 8
                let value = name + nameCount
                body(UnsafeBufferPointer(rebasing: bytes[name..<value]),
                     UnsafeBufferPointer(rebasing: bytes[value..<(value + valueCount)]))
                offset = value + valueCount
            }
        }
    }

    /// Whether a received field name is `wanted` (lowercased): ASCII letters compared without case, and a name
    /// with other characters compared as `String.lowercased()` compares it.
    private static func name(_ field: UnsafeBufferPointer<UInt8>, is wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        if field.allSatisfy({ $0 < 0x80 }), wanted.allSatisfy({ $0 < 0x80 }) {
            return field.count == wanted.count && zip(field, wanted).allSatisfy { byte, lower in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == lower : byte == lower
            }
        }
        return String(decoding: field, as: UTF8.self).lowercased() == String(decoding: wanted, as: UTF8.self)
    }

    private static func appendLength(_ length: Int, to storage: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) { storage.append(UInt8(truncatingIfNeeded: length >> shift)) }
    }

    private static func length(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }
}
