/// JSON's string escapes (RFC 8259 §7), decoded in one place: the JSON readers and audience expressions' string
/// literals both read them here, each wording the failures its own way.
package enum JSONEscape {
    /// Why an escape could not be decoded.
    package enum Failure: Error, Hashable, Sendable {
        /// The text ends right after the backslash.
        case unfinished
        /// The character after the backslash is none of `" \ / b f n r t u`.
        case unknown
        /// A `\u`, the one whose backslash is at `escapeAt`, is not followed by four hex digits.
        case hexDigits(escapeAt: Int)
        /// A high surrogate escape is not followed by a `\u` escape.
        case unpairedHigh
        /// A high surrogate escape is followed by the `\u` escape at `escapeAt`, which is not a low surrogate.
        case notLow(escapeAt: Int)
        /// A low surrogate escape has no high one before it.
        case unpairedLow
    }

    /// Decodes the escape whose backslash is at `index` in `bytes`, and steps `index` past it: `\uD83D\uDE00`
    /// is one escape, `😀`.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) throws(Failure)
        -> Unicode.Scalar
    {
        let start = index
        guard start + 1 < bytes.count else { throw .unfinished }
        index = start + 2
        switch bytes[start + 1] {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): break
        default: throw .unknown
        }
        let high = try hexQuad(bytes, at: &index, escapeAt: start)
        if let scalar = Unicode.Scalar(high) { return scalar }
        // A surrogate: only a high one followed by a low one makes a scalar.
        guard high < 0xDC00 else { throw .unpairedLow }
        let low = index
        guard low + 1 < bytes.count, bytes[low] == UInt8(ascii: "\\"), bytes[low + 1] == UInt8(ascii: "u") else {
            throw .unpairedHigh
        }
        index = low + 2
        let second = try hexQuad(bytes, at: &index, escapeAt: low)
        guard (0xDC00..<0xE000).contains(second),
              let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (second - 0xDC00)) else {
            throw .notLow(escapeAt: low)
        }
        return scalar
    }

    /// The four hex digits at `index`, after the `\u` whose backslash is at `escapeAt`.
    private static func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, escapeAt: Int)
        throws(Failure) -> UInt32
    {
        guard index + 4 <= bytes.count else { throw .hexDigits(escapeAt: escapeAt) }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .hexDigits(escapeAt: escapeAt)
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
