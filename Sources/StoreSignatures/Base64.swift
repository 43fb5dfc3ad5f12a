import Foundation

/// The two base64 alphabets of a JWS: base64url without padding for its segments, standard base64 for x5c.
enum Base64 {
    /// The bytes of a base64url segment (RFC 7515: no padding); nil for any other character or length.
    static func decode(url segment: Substring) -> [UInt8]? {
        decode(segment.utf8, url: true)
    }

    /// The bytes of padded standard base64; nil for anything else.
    static func decode(standard text: Substring) -> [UInt8]? {
        decode(text.utf8, url: false)
    }

    /// The value of each byte of the alphabet both share; -1 for the rest.
    private static let values: [Int8] = {
        var values = [Int8](repeating: -1, count: 256)
        for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8.enumerated() {
            values[Int(byte)] = Int8(value)
        }
        return values
    }()

    /// Decodes `text` in one pass over its bytes: base64url without padding when `url`, else padded standard
    /// base64 (`=` only at the end, making a multiple of four).
    private static func decode(_ text: Substring.UTF8View, url: Bool) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var bits = 0
        var digits = 0
        var padding = 0
        for byte in text {
            let value: Int8
            switch byte {
            case UInt8(ascii: "-") where url, UInt8(ascii: "+") where !url: value = 62
            case UInt8(ascii: "_") where url, UInt8(ascii: "/") where !url: value = 63
            case UInt8(ascii: "=") where !url:
                padding += 1
                continue
            default: value = values[Int(byte)]
            }
            guard value >= 0, padding == 0 else { return nil }
            accumulator = (accumulator << 6 | UInt32(value)) & 0xFFFF
            bits += 6
            digits += 1
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        guard digits % 4 != 1 else { return nil }
        if !url, (digits + padding) % 4 != 0 || padding > 2 || (padding > 0 && digits % 4 == 0) { return nil }
        return bytes
    }

    /// `bytes` as base64url without padding.
    static func encodeURL(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }

    /// `bytes` as padded standard base64.
    static func encodeStandard(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
