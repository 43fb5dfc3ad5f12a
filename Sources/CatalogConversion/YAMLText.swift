/// Scalars and comments for YAML written as text: libyaml's emitter cannot write comments, so the import writes
/// its files line by line and quotes every value it did not make itself.
enum YAMLText {
    /// Words YAML 1.1 reads as booleans or null when plain; the project's loader refuses them where a string belongs.
    private static let reservedWords: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null"]

    /// `text` plain when it is a safe identifier (an ASCII letter, then letters, digits, `.`, `_` and `-`, and no
    /// word YAML 1.1 reads as a boolean or null), else as a double-quoted scalar with JSON-compatible escapes.
    static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : quoted(text)
    }

    /// Whether `text` reads back as the same string when written plain, in any position.
    static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter,
              !reservedWords.contains(text.lowercased()) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "._-".unicodeScalars.contains($0) }
    }

    /// `text` as a YAML double-quoted scalar: `"` and `\` escaped, and every character YAML does not let a
    /// document hold as is (C0 and C1 controls, DEL, line and paragraph separators, the byte order mark,
    /// non-characters) as `\n`-style escapes or `\u` and four hex digits, which JSON reads the same way.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Characters outside YAML's printable set, or line breaks in YAML 1.1; all are in the Basic Multilingual Plane.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: true
        default: false
        }
    }

    /// A flow sequence of scalars: `[a, "b c"]`.
    static func list(_ items: [String]) -> String {
        "[" + items.map(scalar).joined(separator: ", ") + "]"
    }

    /// `text` fit for a comment: one line, without characters YAML does not let a document hold.
    static func commentText(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            result.unicodeScalars.append(needsEscape(scalar) ? " " : scalar)
        }
        return result
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
