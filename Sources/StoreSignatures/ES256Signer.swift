import COpenSSL
import JSON

/// Signs compact JWS the way the App Store does (ES256, the chain in `x5c`), with a test chain's P-256 key: for tests
/// and benchmarks.
package struct ES256Signer: Sendable {
    private let key: KeyHandle
    private let chain: [Certificate]

    /// A signer with the PEM private key (PKCS #8 or SEC 1) of `chain`'s first certificate.
    package init(privateKeyPEM: String, chain: [Certificate]) throws(SignatureError) {
        let pem = Array(privateKeyPEM.utf8)
        let parsed = pem.withUnsafeBytes { buffer -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let parsed else { throw .unreadableKey(OpenSSLErrors.drain(or: "not a PEM private key")) }
        key = KeyHandle(parsed)
        guard EVP_PKEY_get_base_id(parsed) == EVP_PKEY_EC, EVP_PKEY_get_bits(parsed) == 256 else {
            throw .unreadableKey("it is not a P-256 key")
        }
        self.chain = chain
    }

    /// The compact JWS of `payload` with header `{"alg":"ES256","x5c":[…]}`.
    package func sign(payload: String) -> String {
        var header = JSONWriter()
        header.object { members in
            members.member("alg") { $0.string("ES256") }
            members.member("x5c") { $0.array(chain.map { Base64.encodeStandard($0.der) }) }
        }
        return sign(payload: payload, header: String(decoding: header.bytes, as: UTF8.self))
    }

    /// The compact JWS of `payload` under any `header` JSON text, for tests of headers the App Store never sends.
    func sign(payload: String, header: String) -> String {
        let input = Base64.encodeURL(Array(header.utf8)) + "." + Base64.encodeURL(Array(payload.utf8))
        return input + "." + Base64.encodeURL(signature(over: Array(input.utf8)))
    }

    /// The ES256 signature (r‖s) of `input`.
    func signature(over input: [UInt8]) -> [UInt8] {
        guard let der = key.signSHA256(input), let rs = ECDSASignature.rs(der: der) else {
            preconditionFailure("OpenSSL could not sign: \(OpenSSLErrors.drain(or: "no reason"))")
        }
        return rs
    }
}
