import Foundation
import JSON
package import StoreSignatures
import TestSupport

/// Signs App Store payloads as Apple does, with the test chain in `Tests/Fixtures/app-store/test-chain`
/// (a root, an intermediate and a leaf with Apple's OIDs), so tests and benchmarks can make any notification.
package struct AppStoreTestSigner: Sendable {
    private let signer: ES256Signer

    /// The folder of the test chain's certificates and keys.
    package static let folder = Fixtures.path("app-store/test-chain")

    /// The test chain's root, which a service trusts with `--apple-root-ca`.
    package static let rootFile = folder + "/root.pem"

    /// A signer whose `x5c` is `leaf`, `intermediate` and `root` (files of the test chain, without `.pem`),
    /// signing with the leaf's key (`<leaf>-key.pem`).
    package init(leaf: String = "leaf", intermediate: String = "intermediate", root: String = "root") throws {
        func text(_ name: String) throws -> String {
            try String(contentsOfFile: Self.folder + "/\(name).pem", encoding: .utf8)
        }
        let chain = try [leaf, intermediate, root].map { try Certificate(pem: text($0)) }
        signer = try ES256Signer(privateKeyPEM: text(leaf + "-key"), chain: chain)
    }

    /// The roots a verifier trusts for this chain.
    package static func roots() throws -> SignatureRoots {
        SignatureRoots(certificates: [try Certificate(pem: String(contentsOfFile: rootFile, encoding: .utf8))],
                       strict: false)
    }

    /// `payload` as a compact JWS.
    package func sign(_ payload: String) -> String {
        signer.sign(payload: payload)
    }

    /// The signed notification as the App Store posts it: `{"signedPayload": "<JWS>"}`.
    package func body(_ notification: TestNotification) -> String {
        var writer = JSONWriter(capacity: 4096)
        writer.object { members in
            members.member("signedPayload") { $0.string(sign(notification.json(signing: sign))) }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A signed transaction as the app posts it: `{"signed_transaction": "<JWS>"}`.
    package func body(_ transaction: TestTransaction) -> String {
        var writer = JSONWriter(capacity: 2048)
        writer.object { members in
            members.member("signed_transaction") { $0.string(sign(transaction.json)) }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
