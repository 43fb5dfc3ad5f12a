import COpenSSL

/// Owns one OpenSSL key (private, or a public one from a key set) and frees it with the last reference.
///
/// `@unchecked Sendable` is safe: the key is never changed after it is read, and each signature or verification uses
/// a context of its own, so threads never share mutable OpenSSL state through it.
final class KeyHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        EVP_PKEY_free(pointer)
    }
}

extension KeyHandle {
    /// The signature of `input` with SHA-256 under this private key, in the form of the key's algorithm (DER for
    /// ECDSA, the RSASSA-PKCS1-v1_5 bytes for RSA); nil when OpenSSL fails.
    func signSHA256(_ input: [UInt8]) -> [UInt8]? {
        guard let context = EVP_MD_CTX_new() else { return nil }
        defer { EVP_MD_CTX_free(context) }
        var length = 0
        var signature: [UInt8] = []
        let signed = input.withUnsafeBufferPointer { input -> Bool in
            guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, pointer) == 1,
                  EVP_DigestSign(context, nil, &length, input.baseAddress, input.count) == 1 else { return false }
            signature = [UInt8](repeating: 0, count: length)
            return signature.withUnsafeMutableBufferPointer { output in
                EVP_DigestSign(context, output.baseAddress, &length, input.baseAddress, input.count) == 1
            }
        }
        return signed ? Array(signature.prefix(length)) : nil
    }
}
