import JSON
package import TollgateEvaluation

/// What a Cloud Pub/Sub push must carry for Play's notifications to be accepted: a Google-signed OIDC token
/// (already verified with Google's keys) issued by Google, for the push subscription's audience, of the
/// subscription's service account when one is configured, with a verified email, and current.
package struct PushTokenPolicy: Sendable {
    /// The issuers Google's tokens name.
    package static let issuers: Set<String> = ["accounts.google.com", "https://accounts.google.com"]
    /// The seconds of clock difference allowed on `exp` and `iat`.
    package static let skew: Int64 = 60

    /// The audience the push subscription was configured with (`serve --play-push-audience`).
    package var audience: String
    /// The service account the push subscription signs as (`serve --play-push-account`), when required.
    package var account: String?

    package init(audience: String, account: String? = nil) {
        self.audience = audience
        self.account = account
    }

    /// Checks the claims of `token` at `now`; the first claim that fails is the error.
    package func check(_ token: VerifiedJWT, now: Timestamp) throws(PushTokenError) {
        let issuer = token.claims[member: "iss"]?.string ?? ""
        guard Self.issuers.contains(issuer) else { throw .wrongIssuer(issuer) }
        guard token.audiences.contains(audience) else { throw .wrongAudience(token.audiences) }
        let email = token.claims[member: "email"]?.string
        if let account, email != account { throw .wrongAccount(email ?? "") }
        guard token.claims[member: "email_verified"] == .bool(true) else { throw .emailNotVerified }
        guard token.isCurrent(at: now, skew: Self.skew) else { throw .notCurrent }
    }
}

/// Why a push token's claims are refused; each reads as one sentence, quoting no more than the claim.
package enum PushTokenError: Error, Hashable, Sendable, CustomStringConvertible {
    case wrongIssuer(String)
    case wrongAudience([String])
    case wrongAccount(String)
    case emailNotVerified
    /// Expired (beyond the skew), issued in the future, or without an `exp`.
    case notCurrent

    package var description: String {
        switch self {
        case .wrongIssuer(let issuer): "the token's issuer '\(issuer.prefix(64))' is not Google"
        case .wrongAudience(let audiences):
            "the token's audience \(audiences.map { "'\($0.prefix(64))'" }.joined(separator: ", ")) is not the push "
                + "subscription's (--play-push-audience)"
        case .wrongAccount(let email):
            "the token's email '\(email.prefix(64))' is not the push subscription's service account (--play-push-account)"
        case .emailNotVerified: "the token's email is not verified"
        case .notCurrent: "the token has expired, is not valid yet, or has no expiry"
        }
    }
}
