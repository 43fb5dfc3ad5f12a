import COpenSSL
import JSON

/// Verifies JWTs signed with RS256 (RSASSA-PKCS1-v1_5 with SHA-256, RFC 7518), as Google signs its OIDC tokens,
/// against a key set. It checks the form, the algorithm, the key and the signature only: the claims are the caller's.
package enum JWTVerifier {
    /// The header and the claims of `token` once it has three base64url segments, a header naming `alg` RS256 and
    /// a `kid` of `keys`, and a signature that verifies with that key over "header.payload"; its claims must be a
    /// JSON object. An unknown `kid` throws `.unknownKeyID`, so the caller can fetch the set again.
    package static func verifyRS256(_ token: String, keys: JWKS) throws(SignatureError) -> VerifiedJWT {
        let jws = try CompactJWS(token)
        guard jws.algorithm == "RS256" else { throw .unsupportedAlgorithm(jws.algorithm, expected: "RS256") }
        guard let keyID = jws.header[member: "kid"]?.string else { throw .malformedJWS("the header has no kid") }
        guard let key = keys.key(keyID) else { throw .unknownKeyID(keyID) }
        guard verify(jws.signature, over: jws.signingInput, with: key) else { throw .badRS256Signature(keyID: keyID) }
        guard let claims = try? JSONValue(reading: jws.payload), case .object = claims else {
            throw .malformedPayload("it is not a JSON object")
        }
        return VerifiedJWT(header: jws.header, claims: claims, keyID: keyID)
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
