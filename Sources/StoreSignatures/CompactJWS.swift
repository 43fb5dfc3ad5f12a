import JSON

/// A compact JWS (RFC 7515) read into its parts: three base64url segments, a header that is a JSON object, the
/// payload's bytes, the signature's bytes, and the text the signature covers ("header.payload").
struct CompactJWS {
    let header: JSONValue
    let payload: [UInt8]
    let signature: [UInt8]
    let signingInput: [UInt8]

    init(_ token: String) throws(SignatureError) {
        let segments = Self.segments(of: token)
        guard segments.count == 3 else { throw .malformedJWS("it has \(segments.count) segments, not 3") }
        guard let headerBytes = Base64.decode(url: segments[0]) else {
            throw .malformedJWS("the header is not base64url")
        }
        guard let header = try? JSONValue(reading: headerBytes), case .object = header else {
            throw .malformedJWS("the header is not a JSON object")
        }
        guard let payload = Base64.decode(url: segments[1]) else { throw .malformedJWS("the payload is not base64url") }
        guard let signature = Base64.decode(url: segments[2]) else {
            throw .malformedJWS("the signature is not base64url")
        }
        self.header = header
        self.payload = payload
        self.signature = signature
        signingInput = Array(token.utf8.prefix(segments[0].utf8.count + 1 + segments[1].utf8.count))
    }

    /// The header's `alg`, or "" when it has none.
    var algorithm: String { header[member: "alg"]?.string ?? "" }

    /// The text between the dots of `token`, split on its bytes.
    private static func segments(of token: String) -> [Substring] {
        let utf8 = token.utf8
        var segments: [Substring] = []
        var start = utf8.startIndex
        while let dot = utf8[start...].firstIndex(of: UInt8(ascii: ".")) {
            segments.append(Substring(utf8[start..<dot]))
            start = utf8.index(after: dot)
        }
        segments.append(Substring(utf8[start...]))
        return segments
    }
}
