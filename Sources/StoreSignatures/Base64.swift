import Foundation

/// The two base64 alphabets of a JWS: base64url without padding for its segments, standard base64 for x5c.
enum Base64 {
    /// The bytes of a base64url segment (RFC 7515: no padding); nil for any other character or length.
    static func decode(url segment: Substring) -> [UInt8]? {
        guard segment.utf8.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }),
              segment.utf8.count % 4 != 1 else { return nil }
        var standard = String(segment).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        return decode(standard: Substring(standard))
    }

    /// The bytes of padded standard base64; nil for anything else.
    static func decode(standard text: Substring) -> [UInt8]? {
        Data(base64Encoded: String(text)).map { [UInt8]($0) }
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
