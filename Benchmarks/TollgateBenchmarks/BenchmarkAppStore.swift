import Foundation
import JSON
import StoreSignatures

/// App Store payloads for the customer benchmarks, signed as Apple signs them with the test chain in
/// `Tests/Fixtures/app-store/test-chain`, which `tollgate serve --apple-root-ca` trusts. The members are those
/// TestAppStore writes; TestAppStore itself cannot be linked here, as it needs the Testing module, which a
/// release build with `--static-swift-stdlib` does not have.
struct BenchmarkAppStore: Sendable {
    /// The test chain's folder, found from this file's place in the repository.
    static let chain = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/app-store/test-chain").path

    private let signer: ES256Signer
    /// The roots a verifier trusts for the chain.
    let roots: SignatureRoots

    init() throws(BenchmarkFailure) {
        func text(_ name: String) throws(BenchmarkFailure) -> String {
            guard let text = try? String(contentsOfFile: Self.chain + "/\(name).pem", encoding: .utf8) else {
                throw BenchmarkFailure("cannot read \(Self.chain)/\(name).pem")
            }
            return text
        }
        do {
            let chain = try ["leaf", "intermediate", "root"].map { (name) throws(BenchmarkFailure) in try text(name) }
                .map { (pem) throws(SignatureError) in try Certificate(pem: pem) }
            signer = try ES256Signer(privateKeyPEM: text("leaf-key"), chain: chain)
            roots = SignatureRoots(certificates: [chain[2]], strict: false)
        } catch let failure as BenchmarkFailure {
            throw failure
        } catch {
            throw BenchmarkFailure("the test chain in \(Self.chain) cannot sign: \(error)")
        }
    }

    /// `payload` as a compact JWS.
    func sign(_ payload: String) -> String {
        signer.sign(payload: payload)
    }

    /// The notification as the App Store posts it: `{"signedPayload": "<JWS>"}`.
    func body(_ notification: Notification) -> String {
        var writer = JSONWriter(capacity: 16_384)
        writer.object { members in
            members.member("signedPayload") { $0.string(sign(notification.json(signing: sign))) }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A transaction (`JWSTransactionDecodedPayload`) in the sandbox of photocollage.
    struct Transaction {
        var transactionID: String
        var originalTransactionID: String
        var productID: String
        var type = "Auto-Renewable Subscription"
        /// Milliseconds since 1970, as Apple writes dates.
        var purchaseDate: Int64
        var originalPurchaseDate: Int64
        var expiresDate: Int64?
        var appAccountToken: String?
        var transactionReason = "PURCHASE"
        var price: Int64 = 3990

        var signedDate: Int64 { purchaseDate }

        var json: String {
            var writer = JSONWriter(capacity: 640)
            writer.object { members in
                members.member("transactionId") { $0.string(transactionID) }
                members.member("originalTransactionId") { $0.string(originalTransactionID) }
                members.member("bundleId") { $0.string("com.example.photocollage") }
                members.member("productId") { $0.string(productID) }
                members.member("purchaseDate") { $0.integer(purchaseDate) }
                members.member("originalPurchaseDate") { $0.integer(originalPurchaseDate) }
                if let expiresDate { members.member("expiresDate") { $0.integer(expiresDate) } }
                members.member("quantity") { $0.integer(1) }
                members.member("type") { $0.string(type) }
                if let appAccountToken { members.member("appAccountToken") { $0.string(appAccountToken) } }
                members.member("inAppOwnershipType") { $0.string("PURCHASED") }
                members.member("signedDate") { $0.integer(signedDate) }
                members.member("environment") { $0.string("Sandbox") }
                members.member("transactionReason") { $0.string(transactionReason) }
                members.member("storefront") { $0.string("USA") }
                members.member("storefrontId") { $0.string("143441") }
                members.member("price") { $0.integer(price) }
                members.member("currency") { $0.string("USD") }
            }
            return String(decoding: writer.bytes, as: UTF8.self)
        }

        /// The renewal info (`JWSRenewalInfoDecodedPayload`) signed with the transaction: it renews.
        var renewalJSON: String {
            var writer = JSONWriter(capacity: 320)
            writer.object { members in
                members.member("originalTransactionId") { $0.string(originalTransactionID) }
                members.member("productId") { $0.string(productID) }
                members.member("autoRenewProductId") { $0.string(productID) }
                members.member("autoRenewStatus") { $0.integer(1) }
                members.member("signedDate") { $0.integer(signedDate) }
                members.member("environment") { $0.string("Sandbox") }
                members.member("recentSubscriptionStartDate") { $0.integer(originalPurchaseDate) }
            }
            return String(decoding: writer.bytes, as: UTF8.self)
        }
    }

    /// A notification's payload (`responseBodyV2DecodedPayload`) with a new `notificationUUID`.
    struct Notification {
        var type: String
        var subtype: String?
        var uuid = UUID().uuidString.lowercased()
        var transaction: Transaction
        /// Whether the renewal info goes with the transaction.
        var renewal: Bool

        /// The payload's JSON, with the transaction and renewal info signed by `sign`.
        func json(signing sign: (String) -> String) -> String {
            var writer = JSONWriter(capacity: 8192)
            writer.object { members in
                members.member("notificationType") { $0.string(type) }
                if let subtype { members.member("subtype") { $0.string(subtype) } }
                members.member("notificationUUID") { $0.string(uuid) }
                members.member("version") { $0.string("2.0") }
                members.member("signedDate") { $0.integer(transaction.signedDate) }
                members.member("data") { writer in
                    writer.object { data in
                        data.member("environment") { $0.string("Sandbox") }
                        data.member("appAppleId") { $0.integer(1_234_567_890) }
                        data.member("bundleId") { $0.string("com.example.photocollage") }
                        data.member("bundleVersion") { $0.string("1.0") }
                        data.member("signedTransactionInfo") { $0.string(sign(transaction.json)) }
                        if renewal { data.member("signedRenewalInfo") { $0.string(sign(transaction.renewalJSON)) } }
                        data.member("status") { $0.integer(1) }
                    }
                }
            }
            return String(decoding: writer.bytes, as: UTF8.self)
        }
    }
}
