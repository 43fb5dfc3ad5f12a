package import Foundation

/// Strings as a browser serializes its DOM (`chromium --dump-dom`), to look for rendered text in it.
package enum DOMSerialization {
    /// Text content as the HTML serialization algorithm writes it.
    package static func text(_ value: String) -> String {
        escape(value, [("&", "&amp;"), ("\u{A0}", "&nbsp;"), ("<", "&lt;"), (">", "&gt;")])
    }

    /// An attribute value as the HTML serialization algorithm writes it.
    package static func attribute(_ value: String) -> String {
        escape(value, [("&", "&amp;"), ("\u{A0}", "&nbsp;"), ("\"", "&quot;"), ("<", "&lt;"), (">", "&gt;")])
    }

    /// The serialized `<li>` of the paywall product `id` in `dom`, from its start tag to its end tag.
    package static func productItem(_ id: String, in dom: String) -> Substring? {
        guard let marker = dom.range(of: "data-product=\"\(attribute(id))\""),
              let start = dom[..<marker.lowerBound].range(of: "<li ", options: .backwards),
              let end = dom[marker.upperBound...].range(of: "</li>") else { return nil }
        return dom[start.lowerBound..<end.upperBound]
    }

    /// How many times `needle` occurs in `dom`.
    package static func occurrences(of needle: String, in dom: String) -> Int {
        dom.components(separatedBy: needle).count - 1
    }

    /// The width and height in a PNG's IHDR chunk, or nil when `png` is not a PNG.
    package static func pngSize(_ png: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](png.prefix(24))
        guard bytes.count == 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func number(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    private static func escape(_ value: String, _ replacements: [(Character, String)]) -> String {
        var result = ""
        for character in value {
            if let replacement = replacements.first(where: { $0.0 == character }) {
                result += replacement.1
            } else {
                result.append(character)
            }
        }
        return result
    }
}
