import Foundation
import JSON
import PlayDeveloperAPI
import StoreSignatures
import TestGooglePlay
import TestSupport
import Testing
import TollgateEvaluation

/// The push tokens `TestPlay.pushToken` makes are accepted and refused by Google's own ID-token verifier
/// (google-auth's `google.oauth2.id_token.verify_token` with the fake's certs URL, plus the issuer check of
/// `verify_oauth2_token`, through `scripts/google-jwt-check.py --certs-url`) exactly as by Tollgate's push check:
/// `KeySetCache` over `GoogleKeySet.fetcher` from the same URL, then `PushTokenPolicy`.
///
/// Only the claims both check are compared: PushTokenPolicy also requires `email_verified` and, when configured, the
/// push account's email, which verify_token does not look at, so every token here has a verified email and the
/// policy names no account. For a JWK Set google-auth verifies with PyJWT and drops the clock skew, so the expired
/// token is far beyond PushTokenPolicy's 60 seconds.
@Suite(.tags(.python)) struct PushTokenAgreementTests {
    static let audience = "https://tollgate.example.com/v1/apps/lingualeap/notifications/play"

    /// The tokens, by id, and whether both should accept them.
    static func tokens(now: Int64) throws -> [(id: String, token: String, accepted: Bool)] {
        let current = Timestamp(secondsSince1970: now + 3000)
        return [
            ("valid", try TestPlay.pushToken(audience: audience, expires: current), true),
            ("issuer without scheme",
             try TestPlay.pushToken(audience: audience, issuer: "accounts.google.com", expires: current), true),
            ("wrong audience", try TestPlay.pushToken(audience: "https://other.example/push", expires: current), false),
            ("expired ten minutes ago",
             try TestPlay.pushToken(audience: audience, expires: Timestamp(secondsSince1970: now - 600)), false),
            ("wrong issuer",
             try TestPlay.pushToken(audience: audience, issuer: "https://accounts.example.com", expires: current),
             false),
            ("other key", try TestPlay.pushToken(audience: audience, expires: current, otherKey: true), false),
            ("unknown kid", try TestPlay.pushToken(audience: audience, expires: current, kid: "rotated"), false),
        ]
    }

    /// google-auth's answers, by id.
    static func googlesAnswers(_ tokens: [(id: String, token: String)], certsURL: URL) async throws
        -> [String: Bool]
    {
        try await PythonPeers.googleAuthVerdicts(tokens, options: [
            "--certs-url", certsURL.absoluteString, "--audience", audience, "--clock-skew", "60",
        ])
    }

    @Test func googleAuthAndThePushCheckAgree() async throws {
        let fake = try await FakeGoogle.start()
        let now = Timestamp(Date())
        let tokens = try Self.tokens(now: now.secondsSince1970)
        let google = try await Self.googlesAnswers(tokens.map { ($0.id, $0.token) }, certsURL: fake.certsURL)
        let keys = KeySetCache(fetch: GoogleKeySet.fetcher(url: fake.certsURL))
        let policy = PushTokenPolicy(audience: Self.audience)
        for (id, token, accepted) in tokens {
            let tollgate: Bool
            do {
                try policy.check(try keys.verify(token, now: now), now: now)
                tollgate = true
            } catch {
                tollgate = false
            }
            #expect(tollgate == accepted, "\(id): Tollgate")
            #expect(google[id] == accepted, "\(id): google-auth")
        }
    }
}
