import COpenSSL
import JSON

/// Signs JWTs with RS256 under a service account's RSA private key, as the JWT-bearer token grant (RFC 7523) needs,
/// and gives the key's public JWK.
package struct RS256Signer: Sendable {
    private let key: KeyHandle
    /// The `kid` the header carries (a service account's `private_key_id`); nil for none.
    private let keyID: String?

    /// A signer with a PEM RSA private key (PKCS #8 `BEGIN PRIVATE KEY`, as a service account's `private_key`, or
    /// PKCS #1) of at least 2048 bits; `keyID` goes in each header as `kid`.
    package init(privateKeyPEM: String, keyID: String? = nil) throws(SignatureError) {
        let pem = Array(privateKeyPEM.utf8)
        let parsed = pem.withUnsafeBytes { buffer -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let parsed else { throw .unreadableKey(OpenSSLErrors.drain(or: "not a PEM private key")) }
        key = KeyHandle(parsed)
        guard EVP_PKEY_get_base_id(parsed) == EVP_PKEY_RSA else { throw .unreadableKey("it is not an RSA key") }
        let bits = EVP_PKEY_get_bits(parsed)
        guard bits >= 2048 else { throw .unreadableKey("its \(bits) bits are fewer than 2048") }
        self.keyID = keyID
    }

    /// The compact JWT of `claims` (JSON object text) under `{"alg":"RS256","typ":"JWT"}`, with `kid` when the
    /// signer has one.
    package func sign(claims: String) throws(SignatureError) -> String {
        var header = JSONWriter()
        header.object { members in
            members.member("alg") { $0.string("RS256") }
            members.member("typ") { $0.string("JWT") }
            if let keyID { members.member("kid") { $0.string(keyID) } }
        }
        return try sign(claims: claims, header: String(decoding: header.bytes, as: UTF8.self))
    }

    /// The compact JWT of `claims` under any `header` JSON text, for tests of headers Google never sends.
    package func sign(claims: String, header: String) throws(SignatureError) -> String {
        let input = Base64.encodeURL(Array(header.utf8)) + "." + Base64.encodeURL(Array(claims.utf8))
        return input + "." + Base64.encodeURL(try signature(over: Array(input.utf8)))
    }

    /// The key's public half as a JWK: `{"kty":"RSA","kid","use":"sig","alg":"RS256","n","e"}`, `n` and `e`
    /// base64url big-endian without leading zeros.
    package func publicJWK(kid: String) throws(SignatureError) -> String {
        let modulus = try parameter(OSSL_PKEY_PARAM_RSA_N)
        let exponent = try parameter(OSSL_PKEY_PARAM_RSA_E)
        var writer = JSONWriter()
        writer.object { members in
            members.member("kty") { $0.string("RSA") }
            members.member("kid") { $0.string(kid) }
            members.member("use") { $0.string("sig") }
            members.member("alg") { $0.string("RS256") }
            members.member("n") { $0.string(Base64.encodeURL(modulus)) }
            members.member("e") { $0.string(Base64.encodeURL(exponent)) }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The RSASSA-PKCS1-v1_5 SHA-256 signature of `input`.
    private func signature(over input: [UInt8]) throws(SignatureError) -> [UInt8] {
        guard let signature = key.signSHA256(input) else { throw .signingFailed(OpenSSLErrors.drain(or: "no reason")) }
        return signature
    }

    /// A big-number parameter of the key (such as its modulus), big-endian without leading zeros.
    private func parameter(_ name: String) throws(SignatureError) -> [UInt8] {
        var number: OpaquePointer?
        guard EVP_PKEY_get_bn_param(key.pointer, name, &number) == 1, let number else {
            throw .signingFailed(OpenSSLErrors.drain(or: "the key has no \(name)"))
        }
        defer { BN_free(number) }
        var bytes = [UInt8](repeating: 0, count: Int((BN_num_bits(number) + 7) / 8))
        let written = bytes.withUnsafeMutableBufferPointer { BN_bn2bin(number, $0.baseAddress) }
        return Array(bytes.prefix(Int(written)))
    }
}
