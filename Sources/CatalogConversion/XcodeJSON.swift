import JSON

/// A JSON value written the way Xcode writes `.storekit` files (Foundation's `JSONSerialization` with
/// `.prettyPrinted` and `.sortedKeys`): two-space indent, `" : "` between key and value, keys sorted
/// case-insensitively, an empty list or object as its brackets around an empty line, `/` escaped as `\/`,
/// other characters as they are, and a newline at the end.
indirect enum XcodeJSON: Hashable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([XcodeJSON])
    case object([String: XcodeJSON])

    /// The whole file's bytes.
    var fileBytes: [UInt8] {
        var text = ""
        write(to: &text, indent: "")
        text += "\n"
        return Array(text.utf8)
    }

    private func write(to text: inout String, indent: String) {
        switch self {
        case .string(let value): text += Self.quoted(value)
        case .int(let value): text += String(value)
        case .bool(let value): text += value ? "true" : "false"
        case .null: text += "null"
        case .array(let elements):
            text += "[\n"
            if elements.isEmpty { text += "\n" }
            for (index, element) in elements.enumerated() {
                text += indent + "  "
                element.write(to: &text, indent: indent + "  ")
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members):
            text += "{\n"
            if members.isEmpty { text += "\n" }
            let keys = members.keys.sorted(by: Self.keyOrder)
            for (index, key) in keys.enumerated() {
                text += indent + "  " + Self.quoted(key) + " : "
                members[key]?.write(to: &text, indent: indent + "  ")
                text += index == keys.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        }
    }

    /// Foundation's sorted-keys order for the ASCII keys of a `.storekit` file: case-insensitive, then by code
    /// unit (`_storefront` before `_storeKitErrors`).
    static func keyOrder(_ left: String, _ right: String) -> Bool {
        let (a, b) = (left.lowercased(), right.lowercased())
        return a == b ? Array(left.utf8).lexicographicallyPrecedes(right.utf8) : Array(a.utf8).lexicographicallyPrecedes(b.utf8)
    }

    /// A JSON string literal as Foundation writes it: control characters escaped and `/` as `\/`.
    static func quoted(_ value: String) -> String {
        JSONWriter.quoted(value).split(separator: "/", omittingEmptySubsequences: false).joined(separator: "\\/")
    }
}
