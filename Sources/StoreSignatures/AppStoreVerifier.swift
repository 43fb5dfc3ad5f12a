import COpenSSL
package import JSON
package import TollgateEvaluation

/// Verifies App Store signed data (notifications, transactions, renewal info) offline, as Apple's App Store Server
/// Library does: the x5c chain to a configured root at the signing date, Apple's OIDs, and the ES256 signature.
package struct AppStoreVerifier: Sendable {
    /// Apple's OID on the WWDR intermediate.
    static let intermediateOID = "1.2.840.113635.100.6.2.1"
    /// Apple's OID on the receipt-signing leaf.
    static let leafOID = "1.2.840.113635.100.6.11.1"

    private let roots: SignatureRoots
    /// The chains verified so far, which later payloads signed by them reuse.
    private let chains: VerifiedChains

    package init(roots: SignatureRoots) {
        self.roots = roots
        chains = VerifiedChains()
    }

    /// Verifies a compact JWS as Apple's library does offline (docs/customers.md): three segments, alg ES256, an
    /// x5c of exactly 3, the chain of leaf and intermediate to a configured root (never x5c[2]) at the payload's
    /// signedDate (ms; else `now`), strict X.509 iff `roots.strict`, the two Apple OIDs, and the 64-byte r‖s
    /// signature over "header.payload".
    /// It does not check the bundle id or the environment: the caller does.
    package func verify(_ jws: String, now: Timestamp) throws(SignatureError) -> VerifiedPayload {
        let jws = try CompactJWS(jws)
        guard jws.algorithm == "ES256" else { throw .unsupportedAlgorithm(jws.algorithm) }
        guard let x5c = jws.header[member: "x5c"] else { throw .missingCertificateChain }
        guard let entries = x5c.elements else { throw .missingCertificateChain }
        guard entries.count == 3 else { throw .wrongChainLength(entries.count) }
        let payload = try Self.payload(jws.payload)
        let time = payload.signedDate ?? now
        let key = (entries[0].string ?? "") + "." + (entries[1].string ?? "")
        let leaf: Certificate
        if let verified = chains.leaf(key, at: time) {
            leaf = verified
        } else {
            leaf = try Self.certificate(entries[0], index: 0)
            let intermediate = try Self.certificate(entries[1], index: 1)
            if let validity = try verifyChain(leaf: leaf, intermediate: intermediate, at: time) {
                chains.keep(key, leaf: leaf, validity: validity)
            }
        }
        try Self.verifySignature(jws.signature, over: jws.signingInput, with: leaf)
        return payload
    }

    /// Checks that `leaf` and `intermediate` chain to one of the roots at `time` (strict X.509 iff the roots say so),
    /// in a chain of exactly three, with Apple's OID on the intermediate and on the leaf; answers when the chain is
    /// valid (nil when its dates cannot be read, so that it is not kept).
    @discardableResult
    func verifyChain(leaf: Certificate, intermediate: Certificate, at time: Timestamp)
        throws(SignatureError) -> ClosedRange<Int64>?
    {
        guard let store = X509_STORE_new() else { throw .untrustedChain("out of memory") }
        defer { X509_STORE_free(store) }
        for root in roots.certificates where X509_STORE_add_cert(store, root.handle.pointer) != 1 {
            throw .untrustedChain(OpenSSLErrors.drain(or: "a root cannot be added"))
        }
        guard let untrusted = copenssl_certificates_new() else { throw .untrustedChain("out of memory") }
        defer { copenssl_certificates_free(untrusted) }
        guard copenssl_certificates_push(untrusted, intermediate.handle.pointer) > 0,
              let context = X509_STORE_CTX_new() else { throw .untrustedChain("out of memory") }
        defer { X509_STORE_CTX_free(context) }
        guard X509_STORE_CTX_init(context, store, leaf.handle.pointer, untrusted) == 1 else {
            throw .untrustedChain(OpenSSLErrors.drain(or: "the verification cannot start"))
        }
        let parameters = X509_STORE_CTX_get0_param(context)
        X509_VERIFY_PARAM_set_time(parameters, time_t(time.secondsSince1970))
        if roots.strict { X509_VERIFY_PARAM_set_flags(parameters, UInt(X509_V_FLAG_X509_STRICT)) }
        guard X509_verify_cert(context) == 1 else {
            let code = X509_STORE_CTX_get_error(context)
            ERR_clear_error()
            throw .untrustedChain(String(cString: X509_verify_cert_error_string(Int(code))))
        }
        let length = copenssl_certificates_count(X509_STORE_CTX_get0_chain(context))
        guard length == 3 else { throw .untrustedChain("the verified chain has \(length) certificates, not 3") }
        guard Self.has(Self.leafOID, leaf) else { throw .missingAppleOID(which: "leaf") }
        guard Self.has(Self.intermediateOID, intermediate) else { throw .missingAppleOID(which: "intermediate") }
        return X509_STORE_CTX_get0_chain(context).flatMap(VerifiedChains.validity)
    }

    /// The payload a JWS carries, read without verifying anything: only to name what a refused payload claims to
    /// be (Xcode's data, which Apple never signs); nil when it is no JWS of a JSON payload.
    package static func unverifiedPayload(of jws: String) -> JSONValue? {
        (try? CompactJWS(jws)).flatMap { try? JSONValue(reading: $0.payload) }
    }

    /// The x5c entry at `index` as a certificate.
    private static func certificate(_ entry: JSONValue, index: Int) throws(SignatureError) -> Certificate {
        guard let text = entry.string, let der = Base64.decode(standard: text),
              let certificate = try? Certificate(der: der) else { throw .badCertificate(index: index) }
        return certificate
    }

    /// The payload read, with its signing date.
    private static func payload(_ bytes: [UInt8]) throws(SignatureError) -> VerifiedPayload {
        guard let json = try? JSONValue(reading: bytes), case .object = json else {
            throw .malformedPayload("it is not a JSON object")
        }
        var signedDate: Timestamp?
        if let value = json[member: "signedDate"], value != .null {
            guard let milliseconds = value.integer else {
                throw .malformedPayload("its signedDate is not a whole number")
            }
            signedDate = Timestamp(milliseconds: Int64(milliseconds))
        }
        return VerifiedPayload(json: json, text: String(decoding: bytes, as: UTF8.self), signedDate: signedDate)
    }

    /// Whether `certificate` has an extension with the dotted `oid`.
    private static func has(_ oid: String, _ certificate: Certificate) -> Bool {
        guard let object = OBJ_txt2obj(oid, 1) else { return false }
        defer { ASN1_OBJECT_free(object) }
        return X509_get_ext_by_OBJ(certificate.handle.pointer, object, -1) >= 0
    }

    /// Checks a JWS ES256 signature (r‖s, 32 bytes each) over `input` with the leaf's P-256 key.
    private static func verifySignature(_ signature: [UInt8], over input: [UInt8], with leaf: Certificate)
        throws(SignatureError)
    {
        guard signature.count == 64, let key = X509_get0_pubkey(leaf.handle.pointer),
              EVP_PKEY_get_base_id(key) == EVP_PKEY_EC, EVP_PKEY_get_bits(key) == 256,
              let der = ECDSASignature.der(rs: signature),
              let context = EVP_MD_CTX_new() else {
            ERR_clear_error()
            throw .badSignature
        }
        defer { EVP_MD_CTX_free(context) }
        let verified = der.withUnsafeBufferPointer { signature in
            input.withUnsafeBufferPointer { input in
                EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1
                    && EVP_DigestVerify(context, signature.baseAddress, signature.count, input.baseAddress,
                                        input.count) == 1
            }
        }
        ERR_clear_error()
        guard verified else { throw .badSignature }
    }
}
