import JSON

/// A compact JWS (RFC 7515) read into its parts: three base64url segments, a header that is a JSON object, the
/// payload's bytes, the signature's bytes, and the text the signature covers ("header.payload").
struct CompactJWS {
    let header: JSONValue
    let payload: [UInt8]
    let signature: [UInt8]
    let signingInput: [UInt8]

    /// Reads `token` from one copy of its bytes, split at its dots.
    init(_ token: String) throws(SignatureError) {
        let bytes = Array(token.utf8)
        let dots = bytes.indices.filter { bytes[$0] == UInt8(ascii: ".") }
        guard dots.count == 2 else { throw .malformedJWS("it has \(dots.count + 1) segments, not 3") }
        guard let headerBytes = Base64.decode(url: bytes[..<dots[0]]) else {
            throw .malformedJWS("the header is not base64url")
        }
        guard let header = try? JSONValue(reading: headerBytes), case .object = header else {
            throw .malformedJWS("the header is not a JSON object")
        }
        guard let payload = Base64.decode(url: bytes[(dots[0] + 1)..<dots[1]]) else {
            throw .malformedJWS("the payload is not base64url")
        }
        guard let signature = Base64.decode(url: bytes[(dots[1] + 1)...]) else {
            throw .malformedJWS("the signature is not base64url")
        }
        self.header = header
        self.payload = payload
        self.signature = signature
        signingInput = Array(bytes[..<dots[1]])
    }

    /// The header's `alg`, or "" when it has none.
    var algorithm: String { header[member: "alg"]?.string ?? "" }
}
