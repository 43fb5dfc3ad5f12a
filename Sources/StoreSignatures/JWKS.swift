import COpenSSL
package import JSON

/// A JSON Web Key Set (RFC 7517) as Google publishes its signing keys: the RSA keys for RS256, by `kid`. Keys of
/// other kinds (another `kty`, an `alg` other than RS256, a `use` other than `sig`, no `kid`) are skipped.
package struct JWKS: Sendable {
    /// The RSA public keys, by key id.
    private let keys: [String: KeyHandle]

    /// Reads the key set's JSON text.
    package init(json bytes: [UInt8]) throws(SignatureError) {
        guard let value = try? JSONValue(reading: bytes) else { throw .unreadableKeySet("it is not JSON") }
        try self.init(value)
    }

    /// Reads a key set: `{"keys": [{"kty": "RSA", "kid", "n", "e", …}, …]}`, `n` and `e` base64url big-endian.
    package init(_ value: JSONValue) throws(SignatureError) {
        guard let entries = value[member: "keys"]?.elements else {
            throw .unreadableKeySet("it is not an object with a list of keys")
        }
        var keys: [String: KeyHandle] = [:]
        for entry in entries {
            guard case .object = entry else { throw .unreadableKeySet("a key is not an object") }
            guard entry[member: "kty"]?.string == "RSA", let keyID = entry[member: "kid"]?.string,
                  entry[member: "alg"].map({ $0.string == "RS256" }) ?? true,
                  entry[member: "use"].map({ $0.string == "sig" }) ?? true else { continue }
            guard keys[keyID] == nil else {
                throw .unreadableKeySet("two keys have the id \(ErrorQuoting.short(keyID))")
            }
            guard let modulus = entry[member: "n"]?.string.flatMap({ Base64.decode(url: $0) }),
                  let exponent = entry[member: "e"]?.string.flatMap({ Base64.decode(url: $0) }),
                  !modulus.isEmpty, !exponent.isEmpty else {
                throw .unreadableKeySet("key \(ErrorQuoting.short(keyID)) has no base64url n and e")
            }
            keys[keyID] = try Self.publicKey(modulus: modulus, exponent: exponent, keyID: keyID)
        }
        self.keys = keys
    }

    /// The ids of the set's RS256 keys, sorted.
    package var keyIDs: [String] { keys.keys.sorted() }

    /// The key with id `keyID`.
    func key(_ keyID: String) -> KeyHandle? { keys[keyID] }

    /// An OpenSSL RSA public key of modulus and public exponent (big-endian bytes).
    private static func publicKey(modulus: [UInt8], exponent: [UInt8], keyID: String)
        throws(SignatureError) -> KeyHandle
    {
        let n = modulus.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32($0.count), nil) }
        defer { BN_free(n) }
        let e = exponent.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress, Int32($0.count), nil) }
        defer { BN_free(e) }
        guard let n, let e else { throw .unreadableKeySet("out of memory") }
        // The parameters point at their names until the key is made, so the names' C strings outlive it.
        let key = OSSL_PKEY_PARAM_RSA_N.withCString { nName in
            OSSL_PKEY_PARAM_RSA_E.withCString { eName in
                rsaKey(n: n, nName: nName, e: e, eName: eName)
            }
        }
        guard let key else {
            throw .unreadableKeySet(
                "key \(ErrorQuoting.short(keyID)) is not an RSA key: " + OpenSSLErrors.drain(or: "OpenSSL refuses it"))
        }
        return KeyHandle(key)
    }

    /// The RSA public key of `n` and `e`, given with their parameter names; nil when OpenSSL refuses them.
    private static func rsaKey(n: OpaquePointer, nName: UnsafePointer<CChar>, e: OpaquePointer,
                               eName: UnsafePointer<CChar>) -> OpaquePointer? {
        guard let builder = OSSL_PARAM_BLD_new() else { return nil }
        defer { OSSL_PARAM_BLD_free(builder) }
        guard OSSL_PARAM_BLD_push_BN(builder, nName, n) == 1, OSSL_PARAM_BLD_push_BN(builder, eName, e) == 1,
              let parameters = OSSL_PARAM_BLD_to_param(builder) else { return nil }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "RSA", nil) else { return nil }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_fromdata_init(context) == 1,
              EVP_PKEY_fromdata(context, &key, copenssl_public_key_selection(), parameters) == 1 else { return nil }
        return key
    }
}
