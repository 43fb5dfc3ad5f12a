import Foundation
@testable import StoreSignatures
import TestSupport

/// The certificates and keys of `Tests/Fixtures/app-store/` (see its README), read by path.
enum TestChain {
    /// A PEM certificate of `test-chain/`, such as "root" or "expired-leaf".
    static func certificate(_ name: String) throws -> Certificate {
        try Certificate(pem: text("test-chain/\(name).pem"))
    }

    /// A DER certificate of Apple's, such as "testCA" or "real-apple-wwdr-g6".
    static func apple(_ name: String) throws -> Certificate {
        try Certificate(der: bytes("apple/certs/\(name).der"))
    }

    /// One of Apple's signed files in `apple/mock_signed_data/`.
    static func appleMock(_ name: String) throws -> String {
        try text("apple/mock_signed_data/\(name)").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A signer with `leaf`'s key whose x5c is leaf, intermediate and root, as the App Store sends it.
    static func signer(leaf: String = "leaf", intermediate: String = "intermediate", root: String = "root") throws
        -> ES256Signer
    {
        try ES256Signer(privateKeyPEM: text("test-chain/\(leaf)-key.pem"),
                        chain: [certificate(leaf), certificate(intermediate), certificate(root)])
    }

    /// Roots of the test chain, strict or not.
    static func roots(_ name: String = "root", strict: Bool = true) throws -> SignatureRoots {
        SignatureRoots(certificates: [try certificate(name)], strict: strict)
    }

    /// The path of a fixture under `Tests/Fixtures/app-store/`.
    static func path(_ relative: String) -> String {
        Fixtures.path("app-store/\(relative)")
    }

    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }

    static func bytes(_ relative: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(relative))))
    }
}

/// Payloads as the App Store signs them, for a bundle of the tests' own.
enum Payloads {
    static let bundleID = "com.example.tollgate"
    /// 2026-06-01T00:00:00Z, inside the good leaf's validity and after the expired leaf's end.
    static let signedDate: Int64 = 1_780_272_000_000
    /// 2024-06-01T00:00:00Z, inside the expired leaf's validity.
    static let oldSignedDate: Int64 = 1_717_200_000_000

    static func transaction(bundleID: String = bundleID, environment: String = "Sandbox",
                            signedDate: Int64 = signedDate) -> String {
        """
        {"transactionId":"2000000000000001","originalTransactionId":"2000000000000001","bundleId":"\(bundleID)",\
        "productId":"com.example.tollgate.pro.monthly","purchaseDate":1780271000000,\
        "originalPurchaseDate":1780271000000,\
        "expiresDate":1782863000000,"quantity":1,"type":"Auto-Renewable Subscription","inAppOwnershipType":"PURCHASED",\
        "signedDate":\(signedDate),"environment":"\(environment)","transactionReason":"PURCHASE","storefront":"USA",\
        "storefrontId":"143441","price":9990,"currency":"USD"}
        """
    }

    static func renewal(environment: String = "Sandbox", signedDate: Int64 = signedDate) -> String {
        """
        {"originalTransactionId":"2000000000000001","autoRenewProductId":"com.example.tollgate.pro.monthly",\
        "productId":"com.example.tollgate.pro.monthly","autoRenewStatus":1,"isInBillingRetryPeriod":false,\
        "signedDate":\(signedDate),"environment":"\(environment)","recentSubscriptionStartDate":1780271000000,\
        "renewalDate":1782863000000}
        """
    }

    static func notification(bundleID: String = bundleID, environment: String = "Sandbox",
                             signedDate: Int64 = signedDate) -> String {
        """
        {"notificationType":"SUBSCRIBED","subtype":"INITIAL_BUY",\
        "notificationUUID":"7c9e1c1e-6a4e-4a43-9d55-3b1f0a3f2b11",\
        "data":{"appAppleId":1234567890,"bundleId":"\(bundleID)","bundleVersion":"1.0","environment":"\(environment)",\
        "status":1},"version":"2.0","signedDate":\(signedDate)}
        """
    }
}

extension String {
    /// The compact JWS with one character of segment `index` replaced by another of the base64url alphabet.
    func tampering(segment index: Int, at offset: Int = 10) -> String {
        var segments = split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var characters = Array(segments[index])
        characters[offset] = characters[offset] == "A" ? "B" : "A"
        segments[index] = String(characters)
        return segments.joined(separator: ".")
    }

    /// The compact JWS with segment `index` replaced.
    func replacing(segment index: Int, with text: String) -> String {
        var segments = split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        segments[index] = text
        return segments.joined(separator: ".")
    }
}
