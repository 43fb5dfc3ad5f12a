/// Writes compact JSON straight into bytes, objects with sorted keys: the same bytes `JSONEncoder` gives with
/// `.sortedKeys` and `.withoutEscapingSlashes`, without its per-value boxing. The service answers with it on
/// every request.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// `text` as a JSON string literal, such as `"a \"b\""`.
    package static func quoted(_ text: String) -> String {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A string literal: `"` and `\` escaped, control characters as `\n`-style or `\u00XX` escapes, the rest as is.
    package mutating func string(_ text: String) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            // Ids and sentences rarely need escapes: copy the runs between escapes whole.
            var runStart = 0
            while true {
                let end = JSONPlainText.end(in: utf8, from: runStart)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<end]))
                guard end < utf8.count else { break }
                escape(utf8[end])
                runStart = end + 1
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
        case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
        case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
        case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case ..<0x20:
            bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                      Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0x0F)]]
        default: bytes += [UInt8(ascii: "\\"), byte]
        }
    }

    package mutating func null() {
        bytes.append(contentsOf: "null".utf8)
    }

    /// A string literal, or `null` when there is none.
    package mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { null() }
    }

    package mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A finite number as Swift prints it (`0.25`, `12.0`, `1e-05`), which is always JSON.
    package mutating func number(_ value: Double) {
        bytes.append(contentsOf: value.description.utf8)
    }

    package mutating func bool(_ value: Bool) {
        bytes += value ? Self.trueBytes : Self.falseBytes
    }

    /// A list of strings.
    package mutating func array(_ values: [String]) {
        array(values) { $0.string($1) }
    }

    /// A list, each element written by `element`.
    package mutating func array<Element>(_ values: [Element], element: (inout JSONWriter, Element) -> Void) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// An object whose members `members` writes, each through `member(name) { value }`, in the order written;
    /// the caller writes them sorted by name.
    package mutating func object(_ members: (inout Members) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        // Swapped, not copied, so the bytes stay uniquely referenced and are never copied on write.
        var writer = Members(writer: JSONWriter(bytes: []))
        swap(&writer.writer, &self)
        members(&writer)
        swap(&writer.writer, &self)
        bytes.append(UInt8(ascii: "}"))
    }

    /// A dictionary as an object with its keys sorted, each value written by `value`.
    package mutating func object<Value>(_ dictionary: [String: Value], value: (inout JSONWriter, Value) -> Void) {
        object { members in
            for (key, element) in dictionary.sorted(by: { $0.key < $1.key }) {
                members.member(key) { value(&$0, element) }
            }
        }
    }

    /// The members of an object being written, with the commas between them.
    package struct Members {
        fileprivate var writer: JSONWriter
        private var count = 0

        fileprivate init(writer: JSONWriter) {
            self.writer = writer
        }

        /// Writes `"name":` and then the value `value` writes.
        package mutating func member(_ name: String, _ value: (inout JSONWriter) -> Void) {
            if count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            count += 1
            writer.string(name)
            writer.bytes.append(UInt8(ascii: ":"))
            value(&writer)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
}
