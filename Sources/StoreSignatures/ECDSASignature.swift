import COpenSSL

/// The two encodings of an ECDSA P-256 signature: JWS's fixed 64 bytes r‖s and OpenSSL's DER `ECDSA-Sig-Value`.
enum ECDSASignature {
    /// `rs` (r then s, 32 bytes each, big-endian) as DER; nil when OpenSSL cannot encode it.
    static func der(rs: [UInt8]) -> [UInt8]? {
        guard rs.count == 64, let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        let (r, s) = rs.withUnsafeBufferPointer { bytes in
            (BN_bin2bn(bytes.baseAddress, 32, nil), BN_bin2bn(bytes.baseAddress.map { $0 + 32 }, 32, nil))
        }
        guard let r, let s, ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        let length = i2d_ECDSA_SIG(signature, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_ECDSA_SIG(signature, &cursor)
        }
        return written == length ? der : nil
    }

    /// A DER `ECDSA-Sig-Value` as 64 bytes r‖s; nil when it is not one.
    static func rs(der: [UInt8]) -> [UInt8]? {
        let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let parsed else { return nil }
        defer { ECDSA_SIG_free(parsed) }
        var rs = [UInt8](repeating: 0, count: 64)
        let written = rs.withUnsafeMutableBufferPointer { buffer in
            BN_bn2binpad(ECDSA_SIG_get0_r(parsed), buffer.baseAddress, 32)
                + BN_bn2binpad(ECDSA_SIG_get0_s(parsed), buffer.baseAddress.map { $0 + 32 }, 32)
        }
        return written == 64 ? rs : nil
    }
}
