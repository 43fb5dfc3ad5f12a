import Foundation
@testable import StoreSignatures
import Testing

/// Certificates read from DER and PEM, and the shipped Apple root checked against its published fingerprint.
@Suite struct CertificateTests {
    /// The fingerprint as Apple's PKI page prints it.
    static let g3Fingerprint = "63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:"
        + "7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79"

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02X", $0) }.joined(separator: ":")
    }

    @Test func theShippedAppleRootHashesToItsPublishedFingerprint() {
        #expect(Self.hex(AppleRootCA.g3().sha256Fingerprint) == Self.g3Fingerprint)
        #expect(Self.hex(Digest.sha256(AppleRootCA.g3().der)) == Self.g3Fingerprint)
        #expect(SignatureRoots.apple.strict)
        #expect(SignatureRoots.apple.certificates.map(\.der) == [AppleRootCA.g3().der])
    }

    @Test func aFileIsReadAsDEROrAsEveryPEMCertificateInIt() throws {
        let pem = try TestChain.text("test-chain/root.pem") + TestChain.text("test-chain/intermediate.pem")
        let certificates = try Certificate.load(file: Array(pem.utf8))
        #expect(certificates.count == 2)
        let der = try Certificate.load(file: certificates[1].der)
        #expect(der.map(\.sha256Fingerprint) == [certificates[1].sha256Fingerprint])
        #expect(try Certificate(pem: pem).der == certificates[0].der)
        #expect(try Certificate.load(file: TestChain.bytes("apple/certs/testCA.der")).count == 1)
    }

    @Test func bytesThatAreNoCertificateAreRefused() throws {
        #expect(throws: SignatureError.unreadableCertificate("no PEM certificate in the file")) {
            try Certificate.load(file: Array("hello".utf8))
        }
        #expect(throws: SignatureError.self) { try Certificate(der: [0x30, 0x03, 0x01, 0x01, 0x00]) }
        let der = try TestChain.certificate("root").der
        #expect(throws: SignatureError.unreadableCertificate("bytes follow the DER certificate")) {
            try Certificate(der: der + [0])
        }
        var damaged = try TestChain.text("test-chain/root.pem")
        damaged.insert(contentsOf: "!!", at: damaged.index(damaged.startIndex, offsetBy: 40))
        #expect(throws: SignatureError.self) { try Certificate.load(file: Array(damaged.utf8)) }
    }

    @Test func aSignerNeedsAP256Key() throws {
        #expect(throws: SignatureError.self) { try ES256Signer(privateKeyPEM: "not a key", chain: []) }
        #expect(throws: SignatureError.self) {
            try ES256Signer(privateKeyPEM: TestChain.text("test-chain/root.pem"), chain: [])
        }
    }
}
