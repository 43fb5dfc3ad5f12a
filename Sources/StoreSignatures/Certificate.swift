import COpenSSL

/// One parsed X.509 certificate.
package struct Certificate: Sendable {
    /// The OpenSSL certificate this value owns.
    let handle: X509Handle
    /// The certificate's DER encoding.
    let der: [UInt8]

    /// Reads one DER certificate; trailing bytes are refused.
    package init(der: [UInt8]) throws(SignatureError) {
        let (parsed, consumed) = der.withUnsafeBufferPointer { buffer -> (OpaquePointer?, Int) in
            var cursor = buffer.baseAddress
            let parsed = d2i_X509(nil, &cursor, buffer.count)
            return (parsed, buffer.baseAddress.flatMap { start in cursor.map { $0 - start } } ?? 0)
        }
        guard let parsed else {
            throw .unreadableCertificate(OpenSSLErrors.drain(or: "not a DER certificate"))
        }
        let handle = X509Handle(parsed)
        guard consumed == der.count else { throw .unreadableCertificate("bytes follow the DER certificate") }
        self.handle = handle
        self.der = der
    }

    /// Reads the first PEM certificate in `pem`.
    package init(pem: String) throws(SignatureError) {
        guard let first = try Self.load(file: Array(pem.utf8)).first else {
            throw .unreadableCertificate("no PEM certificate")
        }
        self = first
    }

    /// The certificates in a file: one DER certificate, or every PEM certificate in it (at least one).
    package static func load(file bytes: [UInt8]) throws(SignatureError) -> [Certificate] {
        // A DER certificate is an ASN.1 SEQUENCE; anything else is read as PEM text.
        guard bytes.first != 0x30 else { return [try Certificate(der: bytes)] }
        var certificates: [Certificate] = []
        var failure: SignatureError?
        bytes.withUnsafeBytes { buffer in
            guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else {
                failure = .unreadableCertificate("out of memory")
                return
            }
            defer { BIO_free(bio) }
            while let parsed = PEM_read_bio_X509(bio, nil, nil, nil) {
                let handle = X509Handle(parsed)
                do throws(SignatureError) {
                    certificates.append(try Certificate(handle: handle))
                } catch {
                    failure = error
                    return
                }
            }
            // The loop ends at the first failed read: the end of the text, or a damaged block.
            let ending = ERR_peek_last_error()
            if ERR_GET_REASON(ending) != PEM_R_NO_START_LINE {
                failure = .unreadableCertificate(OpenSSLErrors.drain(or: "a damaged PEM certificate"))
            }
            ERR_clear_error()
        }
        if let failure { throw failure }
        guard !certificates.isEmpty else { throw .unreadableCertificate("no PEM certificate in the file") }
        return certificates
    }

    /// The SHA-256 digest of the DER encoding, as fingerprints print it.
    package var sha256Fingerprint: [UInt8] { Digest.sha256(der) }

    /// Wraps a parsed certificate, keeping its DER encoding.
    private init(handle: X509Handle) throws(SignatureError) {
        let length = i2d_X509(handle.pointer, nil)
        guard length > 0 else { throw .unreadableCertificate(OpenSSLErrors.drain(or: "cannot encode the certificate")) }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_X509(handle.pointer, &cursor)
        }
        guard written == length else { throw .unreadableCertificate("cannot encode the certificate") }
        self.handle = handle
        self.der = der
    }
}

/// Owns one OpenSSL `X509` and frees it with the last reference.
///
/// `@unchecked Sendable` is safe: the certificate is never changed after parsing, and OpenSSL's reads of it
/// (verification, extension lookups, the public key) are safe from several threads at once.
final class X509Handle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        X509_free(pointer)
    }
}

/// SHA-256 through OpenSSL.
enum Digest {
    /// The 32-byte SHA-256 digest of `bytes`.
    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        var length: UInt32 = 0
        let succeeded = bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { output in
                EVP_Digest(input.baseAddress, input.count, output.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        precondition(succeeded == 1 && length == 32, "OpenSSL's SHA-256 failed")
        return digest
    }
}
