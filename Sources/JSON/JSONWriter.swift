/// Writes JSON straight into bytes, compact by default, objects with sorted keys: the same bytes `JSONEncoder`
/// gives with `.sortedKeys` and `.withoutEscapingSlashes`, without its per-value boxing. The service answers with
/// it on every request.
package struct JSONWriter {
    /// How values are laid out.
    package enum Format: Hashable, Sendable {
        /// No whitespace; names sorted by code point.
        case compact
        /// As Foundation's `JSONSerialization` writes with `.prettyPrinted` and `.sortedKeys` on Apple platforms,
        /// which is how Xcode writes `.storekit` files: two-space indent, `" : "` after a name, an empty list or object as its
        /// brackets around an empty line, `/` escaped as `\/`, names sorted without regard to case.
        case foundationPretty
    }

    package private(set) var bytes: [UInt8] = []
    private let format: Format
    /// How many lists and objects the next value is inside, for the pretty format's indent.
    private var depth = 0

    package init(format: Format = .compact, capacity: Int = 256) {
        self.format = format
        bytes.reserveCapacity(capacity)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        format = .compact
    }

    /// `text` as a JSON string literal, such as `"a \"b\""`.
    package static func quoted(_ text: String) -> String {
        String(decoding: quotedBytes(text), as: UTF8.self)
    }

    /// `text` as the bytes of a compact JSON string literal, to write again with `fragment(_:)`.
    package static func quotedBytes(_ text: String) -> [UInt8] {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.string(text)
        return writer.bytes
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
                plain(UnsafeBufferPointer(rebasing: utf8[runStart..<end]))
                guard end < utf8.count else { break }
                escape(utf8[end])
                runStart = end + 1
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Bytes a string literal holds as they are, but in the pretty format, `/` as `\/`.
    private mutating func plain(_ run: UnsafeBufferPointer<UInt8>) {
        guard format == .foundationPretty else { return bytes.append(contentsOf: run) }
        for byte in run {
            if byte == UInt8(ascii: "/") { bytes.append(UInt8(ascii: "\\")) }
            bytes.append(byte)
        }
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

    /// JSON written before, such as a string literal or an object that is the same in every answer, copied as it is.
    package mutating func fragment(_ json: [UInt8]) {
        bytes += json
    }

    /// Writes again bytes written before at `range`, such as a sentence several members share.
    package mutating func fragment(at range: Range<Int>) {
        bytes.reserveCapacity(bytes.count + range.count)
        for index in range { bytes.append(bytes[index]) }
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
        open(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            item(index)
            element(&self, value)
        }
        close(UInt8(ascii: "]"))
    }

    /// An object whose members `members` writes, each through `member(name) { value }`, in the order written;
    /// the caller writes them sorted by name.
    package mutating func object(_ members: (inout Members) -> Void) {
        open(UInt8(ascii: "{"))
        // Swapped, not copied, so the bytes stay uniquely referenced and are never copied on write.
        var writer = Members(writer: JSONWriter(bytes: []))
        swap(&writer.writer, &self)
        members(&writer)
        swap(&writer.writer, &self)
        close(UInt8(ascii: "}"))
    }

    /// A dictionary as an object with its keys sorted in the format's order, each value written by `value`.
    package mutating func object<Value>(_ dictionary: [String: Value], value: (inout JSONWriter, Value) -> Void) {
        let sorted = switch format {
        case .compact: dictionary.sorted { $0.key < $1.key }
        case .foundationPretty: dictionary.sorted { Self.foundationOrder($0.key, $1.key) }
        }
        object { members in
            for (key, element) in sorted {
                members.member(key) { value(&$0, element) }
            }
        }
    }

    /// Booleans by name, as an object with its keys sorted. This and the next two are written here, not through
    /// `object(_:value:)` at the call site, because a generic called from another module runs unspecialized, which
    /// made the service's answers several times slower to write.
    package mutating func object(_ flags: [String: Bool]) {
        object(flags) { $0.bool($1) }
    }

    /// Strings by name, as an object with its keys sorted.
    package mutating func object(_ texts: [String: String]) {
        object(texts) { $0.string($1) }
    }

    /// Lists of strings by name, as an object with its keys sorted.
    package mutating func object(_ lists: [String: [String]]) {
        object(lists) { $0.array($1) }
    }

    /// Foundation's sorted-keys order for ASCII names: without regard to case, then by code unit (`_storefront`
    /// before `_storeKitErrors`).
    private static func foundationOrder(_ left: String, _ right: String) -> Bool {
        let (a, b) = (left.lowercased(), right.lowercased())
        return a == b ? left.utf8.lexicographicallyPrecedes(right.utf8) : a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// The bracket that opens a list or object, and in the pretty format the line break after it.
    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        if format == .foundationPretty { bytes.append(UInt8(ascii: "\n")) }
    }

    /// Before element or member number `index`: the comma after the one before, and in the pretty format the line
    /// break and the indent.
    private mutating func item(_ index: Int) {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        guard format == .foundationPretty else { return }
        if index > 0 { bytes.append(UInt8(ascii: "\n")) }
        indent()
    }

    /// The bracket that closes a list or object, in the pretty format on a line of its own.
    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if format == .foundationPretty {
            bytes.append(UInt8(ascii: "\n"))
            indent()
        }
        bytes.append(bracket)
    }

    private mutating func indent() {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// The members of an object being written, with the commas between them.
    package struct Members {
        fileprivate var writer: JSONWriter
        private var count = 0

        fileprivate init(writer: JSONWriter) {
            self.writer = writer
        }

        /// Writes `"name":` (`"name" : ` in the pretty format) and then the value `value` writes.
        package mutating func member(_ name: String, _ value: (inout JSONWriter) -> Void) {
            writer.item(count)
            count += 1
            writer.string(name)
            if writer.format == .foundationPretty {
                writer.bytes += JSONWriter.prettyNameSeparator
            } else {
                writer.bytes.append(UInt8(ascii: ":"))
            }
            value(&writer)
        }

        /// Writes `name`, a string literal written before (`JSONWriter.quoted`'s bytes), then `:` and the value
        /// `value` writes; compact format only.
        package mutating func member(written name: [UInt8], _ value: (inout JSONWriter) -> Void) {
            writer.item(count)
            count += 1
            writer.bytes += name
            writer.bytes.append(UInt8(ascii: ":"))
            value(&writer)
        }
    }

    private static let prettyNameSeparator = Array(" : ".utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
}
