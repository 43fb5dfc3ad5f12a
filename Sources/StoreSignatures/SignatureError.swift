/// Why a signed App Store payload, a JWT, a key set or a certificate was refused. The description says which check
/// failed and never repeats the payload.
package enum SignatureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not a compact JWS: the reason names the part (segments, base64url, header JSON).
    case malformedJWS(String)
    /// The header's `alg` is not the one expected (the value it has, "" when missing).
    case unsupportedAlgorithm(String, expected: String = "ES256")
    /// The header has no `x5c` list of certificates.
    case missingCertificateChain
    /// `x5c` holds this many certificates instead of three.
    case wrongChainLength(Int)
    /// The `x5c` entry at `index` is not a base64 DER certificate.
    case badCertificate(index: Int)
    /// The leaf and the intermediate do not chain to a configured root at the signing date: OpenSSL's reason.
    case untrustedChain(String)
    /// The leaf or the intermediate (`which`) lacks Apple's OID for its role.
    case missingAppleOID(which: String)
    /// The signature is not 64 bytes of r‖s, or does not verify with the leaf's key.
    case badSignature
    /// The payload is not a JSON object, or its `signedDate` is not a whole number.
    case malformedPayload(String)
    /// Certificate bytes given to Tollgate (a root) could not be read: the reason.
    case unreadableCertificate(String)
    /// A private key given to `ES256Signer` or `RS256Signer` could not be read or is of the wrong kind: the reason.
    case unreadableKey(String)
    /// A JSON Web Key Set could not be read: the reason.
    case unreadableKeySet(String)
    /// The JWT's `kid` names no key of the set (the caller may fetch the set again).
    case unknownKeyID(String)
    /// The RS256 signature does not verify with the key the JWT's `kid` names.
    case badRS256Signature(keyID: String)
    /// OpenSSL could not sign: its reason.
    case signingFailed(String)

    package var description: String {
        switch self {
        case .malformedJWS(let reason): "the signed data is not a compact JWS: \(reason)"
        case .unsupportedAlgorithm(let algorithm, let expected):
            algorithm.isEmpty ? "the JWS header names no algorithm; only \(expected) is accepted"
                : "the JWS algorithm \(ErrorQuoting.short(algorithm)) is not \(expected)"
        case .missingCertificateChain: "the JWS header has no x5c certificate chain"
        case .wrongChainLength(let count): "the x5c chain has \(count) certificates, not 3"
        case .badCertificate(let index): "x5c certificate \(index) is not a base64 DER certificate"
        case .untrustedChain(let reason): "the certificate chain does not lead to a trusted Apple root: \(reason)"
        case .missingAppleOID(let which): "the \(which) certificate lacks Apple's \(which) OID"
        case .badSignature: "the ES256 signature does not verify with the leaf certificate's key"
        case .malformedPayload(let reason): "the signed payload is unusable: \(reason)"
        case .unreadableCertificate(let reason): "the certificate cannot be read: \(reason)"
        case .unreadableKey(let reason): "the private key cannot be read: \(reason)"
        case .unreadableKeySet(let reason): "the JSON web key set cannot be read: \(reason)"
        case .unknownKeyID(let keyID): "the JWT's key id \(ErrorQuoting.short(keyID)) is not in the key set"
        case .badRS256Signature(let keyID):
            "the RS256 signature does not verify with key \(ErrorQuoting.short(keyID))"
        case .signingFailed(let reason): "the JWT cannot be signed: \(reason)"
        }
    }
}

/// Header values as errors quote them: short, printable ASCII only, so a hostile header cannot fill a log line.
enum ErrorQuoting {
    /// `text` in single quotes, cut to 20 characters, anything outside printable ASCII as `?`.
    static func short(_ text: String) -> String {
        let printable = text.unicodeScalars.prefix(20).map { (0x20..<0x7F).contains($0.value) ? Character($0) : "?" }
        return "'" + String(printable) + (text.unicodeScalars.count > 20 ? "…'" : "'")
    }
}
