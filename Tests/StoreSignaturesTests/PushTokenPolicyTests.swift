import Foundation
@testable import StoreSignatures
import Testing
import TollgateEvaluation

/// Pub/Sub push tokens, verified and then held to the push subscription: Google's issuer, the audience, the
/// account when one is required, a verified email, and the time with 60 seconds of skew.
@Suite struct PushTokenPolicyTests {
    static let issued: Int64 = 1_780_272_000
    static let now = Timestamp(secondsSince1970: issued + 10)
    static let policy = PushTokenPolicy(audience: GoogleKeys.audience, account: GoogleKeys.email)

    /// The verified token of `claims`, signed by the service account's key.
    static func token(_ claims: String) throws -> VerifiedJWT {
        let signer = try GoogleKeys.signer()
        let keys = try JWKS(json: Array(#"{"keys":[\#(try signer.publicJWK(kid: GoogleKeys.keyID))]}"#.utf8))
        return try JWTVerifier.verifyRS256(try signer.sign(claims: claims), keys: keys)
    }

    @Test func aTokenOfTheSubscriptionPasses() throws {
        let token = try Self.token(GoogleKeys.claims(issued: Self.issued))
        #expect(throws: Never.self) { try Self.policy.check(token, now: Self.now) }
        #expect(throws: Never.self) {
            try PushTokenPolicy(audience: GoogleKeys.audience).check(token, now: Self.now)
        }
    }

    @Test func eachClaimThatFailsIsItsOwnError() throws {
        let valid = GoogleKeys.claims(issued: Self.issued)
        let cases: [(String, PushTokenError)] = [
            (valid.replacingOccurrences(of: "https://accounts.google.com", with: "https://evil.example"),
             .wrongIssuer("https://evil.example")),
            (GoogleKeys.claims(issued: Self.issued, audience: "https://other.example"),
             .wrongAudience(["https://other.example"])),
            (valid.replacingOccurrences(of: GoogleKeys.email, with: "someone@example.com"),
             .wrongAccount("someone@example.com")),
            (valid.replacingOccurrences(of: #""email_verified":true"#, with: #""email_verified":false"#),
             .emailNotVerified),
            (GoogleKeys.claims(issued: Self.issued - 7200, expires: Self.issued + 10 - 61), .notCurrent),
        ]
        for (claims, error) in cases {
            let token = try Self.token(claims)
            #expect(throws: error) { try Self.policy.check(token, now: Self.now) }
        }
    }

    @Test func theSkewIsSixtySecondsEachWay() throws {
        let expiring = try Self.token(GoogleKeys.claims(issued: Self.issued - 3600, expires: Self.issued))
        #expect(throws: Never.self) {
            try Self.policy.check(expiring, now: Timestamp(secondsSince1970: Self.issued + 60))
        }
        #expect(throws: PushTokenError.notCurrent) {
            try Self.policy.check(expiring, now: Timestamp(secondsSince1970: Self.issued + 61))
        }
        let early = try Self.token(GoogleKeys.claims(issued: Self.issued + 60))
        #expect(throws: Never.self) { try Self.policy.check(early, now: Timestamp(secondsSince1970: Self.issued)) }
        let later = try Self.token(GoogleKeys.claims(issued: Self.issued + 61))
        #expect(throws: PushTokenError.notCurrent) {
            try Self.policy.check(later, now: Timestamp(secondsSince1970: Self.issued))
        }
    }
}
