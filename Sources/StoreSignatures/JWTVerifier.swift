import COpenSSL
import JSON

/// Verifies JWTs signed with RS256 (RSASSA-PKCS1-v1_5 with SHA-256, RFC 7518), as Google signs its OIDC tokens,
/// against a key set. It checks the form, the algorithm, the key and the signature only: the claims are the caller's.
package enum JWTVerifier {
    /// The header and the claims of `token` once it has three base64url segments, a header naming `alg` RS256 and
    /// a `kid` of `keys`, and a signature that verifies with that key over "header.payload"; its claims must be a
    /// JSON object. An unknown `kid` throws `.unknownKeyID`, so the caller can fetch the set again.
    package static func verifyRS256(_ token: String, keys: JWKS) throws(SignatureError) -> VerifiedJWT {
        let segments = AppStoreVerifier.segments(of: token)
        guard segments.count == 3 else { throw .malformedJWS("it has \(segments.count) segments, not 3") }
        guard let headerBytes = Base64.decode(url: segments[0]) else {
            throw .malformedJWS("the header is not base64url")
        }
        guard let header = try? JSONValue(reading: headerBytes), case .object = header else {
            throw .malformedJWS("the header is not a JSON object")
        }
        guard let payloadBytes = Base64.decode(url: segments[1]) else {
            throw .malformedJWS("the payload is not base64url")
        }
        guard let signature = Base64.decode(url: segments[2]) else {
            throw .malformedJWS("the signature is not base64url")
        }
        guard header[member: "alg"]?.string == "RS256" else {
            throw .unsupportedAlgorithm(header[member: "alg"]?.string ?? "", expected: "RS256")
        }
        guard let keyID = header[member: "kid"]?.string else { throw .malformedJWS("the header has no kid") }
        guard let key = keys.key(keyID) else { throw .unknownKeyID(keyID) }
        let signingInput = Array(token.utf8.prefix(segments[0].utf8.count + 1 + segments[1].utf8.count))
        guard verify(signature, over: signingInput, with: key) else { throw .badRS256Signature(keyID: keyID) }
        guard let claims = try? JSONValue(reading: payloadBytes), case .object = claims else {
            throw .malformedPayload("it is not a JSON object")
        }
        return VerifiedJWT(header: header, claims: claims, keyID: keyID)
    }

    /// Whether `signature` is the RS256 signature of `input` under `key`.
    private static func verify(_ signature: [UInt8], over input: [UInt8], with key: KeyHandle) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        let verified = signature.withUnsafeBufferPointer { signature in
            input.withUnsafeBufferPointer { input in
                EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key.pointer) == 1
                    && EVP_DigestVerify(context, signature.baseAddress, signature.count, input.baseAddress,
                                        input.count) == 1
            }
        }
        ERR_clear_error()
        return verified
    }
}
