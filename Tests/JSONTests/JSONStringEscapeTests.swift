import JSON
import Testing

/// The writer scans strings eight bytes at a time for what needs an escape; every position of every such byte in
/// strings of every length up to three words must be escaped as one byte at a time would.
@Suite struct JSONStringEscapeTests {
    /// One byte at a time: `"` and `\` escaped, control characters as `\n`-style or `\u00XX` escapes.
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{08}": out += "\\b"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\u{0C}": out += "\\f"
            case "\r": out += "\\r"
            case ..<"\u{20}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u00" + (hex.count == 1 ? "0" : "") + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    @Test func everySpecialByteAtEveryPositionIsEscaped() {
        let specials: [Character] = ["\"", "\\", "\n", "\u{0}", "\u{1F}", "\u{08}"]
        let plain: [Character] = ["a", " ", "~", "\u{7F}", "é", "☕", "!", "#", "[", "]"]
        for length in 0...24 {
            let base = String((0..<length).map { plain[$0 % plain.count] })
            #expect(JSONWriter.quoted(base) == Self.reference(base))
            for position in 0..<length {
                for special in specials {
                    var characters = Array(base)
                    characters[position] = special
                    let text = String(characters)
                    #expect(JSONWriter.quoted(text) == Self.reference(text), "\(text.debugDescription)")
                }
            }
        }
    }
}
