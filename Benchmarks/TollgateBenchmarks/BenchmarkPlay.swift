import Foundation
import JSON
import StoreSignatures
import TollgateEvaluation

/// Google Play's Pub/Sub pushes for the customer benchmarks, as `TestPlay` writes them: push tokens signed (RS256)
/// with the service account's fixture key in `Tests/Fixtures/google`, whose public key `scripts/fake-google.py`
/// serves, and push bodies of real-time developer notifications. TestPlay itself cannot be linked here (it is
/// test support, which a release build with `--static-swift-stdlib` does not have).
struct BenchmarkPlay: Sendable {
    /// The fixture key's file, found from this file's place in the repository.
    static let keyFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/google/service-account-key.pem").path
    /// The key id the fake serves the key under in the tests, and by default here.
    static let defaultKeyID = "tollgate-test-push-key"
    /// The push subscription's service account the tokens name.
    static let pushAccount = "pubsub@example-project.iam.gserviceaccount.com"
    /// The example app's package, whose policy (lingualeap) has its `package_name`.
    static let packageName = "com.example.lingualeap"

    private let signer: RS256Signer

    init(keyID: String) throws(BenchmarkFailure) {
        guard let pem = try? String(contentsOfFile: Self.keyFile, encoding: .utf8) else {
            throw BenchmarkFailure("cannot read \(Self.keyFile)")
        }
        do {
            signer = try RS256Signer(privateKeyPEM: pem, keyID: keyID)
        } catch {
            throw BenchmarkFailure("the key in \(Self.keyFile) cannot sign: \(error)")
        }
    }

    /// A push token for `audience` with the claims of Pub/Sub's OIDC tokens, issued at `now` and valid until
    /// `expires`.
    func pushToken(audience: String, now: Timestamp, expires: Timestamp) throws(BenchmarkFailure) -> String {
        var claims = JSONWriter()
        claims.object { members in
            members.member("aud") { $0.string(audience) }
            members.member("azp") { $0.string("100000000000000000002") }
            members.member("email") { $0.string(Self.pushAccount) }
            members.member("email_verified") { $0.bool(true) }
            members.member("exp") { $0.integer(expires.secondsSince1970) }
            members.member("iat") { $0.integer(now.secondsSince1970) }
            members.member("iss") { $0.string("https://accounts.google.com") }
            members.member("sub") { $0.string("100000000000000000002") }
        }
        do {
            return try signer.sign(claims: String(decoding: claims.bytes, as: UTF8.self))
        } catch {
            throw BenchmarkFailure("cannot sign the push token: \(error)")
        }
    }

    /// The Pub/Sub push body of message `messageID`: a `SUBSCRIPTION_RENEWED` (2) developer notification of the
    /// subscription `token` of the example app, sent at `now`.
    static func renewal(messageID: String, token: String, now: Timestamp) -> String {
        var notification = JSONWriter(capacity: 512)
        notification.object { members in
            members.member("version") { $0.string("1.0") }
            members.member("packageName") { $0.string(packageName) }
            members.member("eventTimeMillis") { $0.string(String(now.secondsSince1970 * 1000)) }
            members.member("subscriptionNotification") { event in
                event.object { fields in
                    fields.member("version") { $0.string("1.0") }
                    fields.member("notificationType") { $0.integer(2) }
                    fields.member("purchaseToken") { $0.string(token) }
                }
            }
        }
        var writer = JSONWriter(capacity: 1024)
        writer.object { members in
            members.member("message") { message in
                message.object { fields in
                    fields.member("attributes") { $0.object([String: String]()) }
                    fields.member("data") { $0.string(Data(notification.bytes).base64EncodedString()) }
                    fields.member("messageId") { $0.string(messageID) }
                    fields.member("publishTime") { $0.string(now.description) }
                }
            }
            members.member("subscription") { $0.string("projects/example-project/subscriptions/play-notifications") }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
