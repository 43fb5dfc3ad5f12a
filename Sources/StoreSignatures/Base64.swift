import Foundation

/// The two alphabets of a JWS: base64url without padding for its segments, standard base64 for x5c.
enum Base64 {
    /// The bytes of a base64url segment (RFC 7515: no padding); nil for any other character or length.
    static func decode(url segment: ArraySlice<UInt8>) -> [UInt8]? {
        segment.withUnsafeBufferPointer { decode($0, url: true) }
    }

    /// `decode(url:)` of a segment's text.
    static func decode(url segment: some StringProtocol) -> [UInt8]? {
        decode(url: ArraySlice(segment.utf8))
    }

    /// The bytes of padded standard base64; nil for anything else.
    static func decode(standard text: some StringProtocol) -> [UInt8]? {
        ArraySlice(text.utf8).withUnsafeBufferPointer { decode($0, url: false) }
    }

    /// The value of each byte of base64url, then of standard base64; -1 for the rest.
    private static let alphabets: (url: [Int8], standard: [Int8]) = {
        var values = [Int8](repeating: -1, count: 256)
        for (value, byte) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8.enumerated() {
            values[Int(byte)] = Int8(value)
        }
        var url = values, standard = values
        url[Int(UInt8(ascii: "-"))] = 62
        url[Int(UInt8(ascii: "_"))] = 63
        standard[Int(UInt8(ascii: "+"))] = 62
        standard[Int(UInt8(ascii: "/"))] = 63
        return (url, standard)
    }()

    /// Decodes `text` in one pass over its bytes: base64url without padding when `url`, else padded standard
    /// base64 (`=` only at the end, making a multiple of four).
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, url: Bool) -> [UInt8]? {
        var digits = text.count
        if !url {
            while digits > 0, text[digits - 1] == UInt8(ascii: "=") { digits -= 1 }
            let padding = text.count - digits
            guard text.count % 4 == 0, padding <= 2 else { return nil }
        }
        guard digits % 4 != 1 else { return nil }
        let alphabet = url ? alphabets.url : alphabets.standard
        return alphabet.withUnsafeBufferPointer { values -> [UInt8]? in
            var valid = true
            let bytes = [UInt8](unsafeUninitializedCapacity: digits / 4 * 3 + 2) { bytes, count in
                var accumulator: UInt32 = 0
                var bits = 0
                for index in 0..<digits {
                    let value = values[Int(text[index])]
                    guard value >= 0 else {
                        valid = false
                        break
                    }
                    accumulator = accumulator << 6 | UInt32(value)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        bytes[count] = UInt8(truncatingIfNeeded: accumulator >> UInt32(bits))
                        count += 1
                    }
                }
            }
            return valid ? bytes : nil
        }
    }

    /// `bytes` as base64url without padding.
    static func encodeURL(_ bytes: [UInt8]) -> String {
        let standard = Data(bytes).base64EncodedData()
        return String(decoding: standard.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }, as: UTF8.self)
    }

    /// `bytes` as padded standard base64.
    static func encodeStandard(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }
}
