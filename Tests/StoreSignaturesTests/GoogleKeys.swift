import Foundation
import JSON
@testable import StoreSignatures
import TestSupport
import TollgateEvaluation

/// The test-only RSA keys of `Tests/Fixtures/google/` (see its README), and JWTs made with them.
enum GoogleKeys {
    /// The key id the tests give the service account's key in key sets.
    static let keyID = "tollgate-test-key"
    static let audience = "https://tollgate.example.com/v1/apps/lingualeap/notifications/play"
    static let email = "tollgate-test@example-project.iam.gserviceaccount.com"

    /// The service account's JSON key file, read.
    static func serviceAccount() throws -> JSONValue {
        try JSONValue(reading: Array(text("service-account.json").utf8))
    }

    /// A signer with the service account's key (from its JSON key file) whose headers carry `kid`.
    static func signer(kid: String? = keyID) throws -> RS256Signer {
        try RS256Signer(privateKeyPEM: serviceAccount()[member: "private_key"]?.string ?? "", keyID: kid)
    }

    /// A signer with the key no test trusts, whose headers carry `kid`.
    static func otherSigner(kid: String = keyID) throws -> RS256Signer {
        try RS256Signer(privateKeyPEM: text("other-key.pem"), keyID: kid)
    }

    /// The key set holding the service account's public key as `keyID`.
    static func keySet() throws -> JWKS {
        try JWKS(json: Array(#"{"keys":[\#(try signer().publicJWK(kid: keyID))]}"#.utf8))
    }

    /// Claims as Google's OIDC tokens for Pub/Sub push carry them, issued at `issued`, expiring an hour later.
    static func claims(issued: Int64, expires: Int64? = nil, audience: String = audience) -> String {
        """
        {"aud":"\(audience)","azp":"100000000000000000001","email":"\(email)","email_verified":true,\
        "exp":\(expires ?? issued + 3600),"iat":\(issued),"iss":"https://accounts.google.com",\
        "sub":"100000000000000000001"}
        """
    }

    /// The path of a fixture under `Tests/Fixtures/google/`.
    static func path(_ name: String) -> String {
        Fixtures.path("google/\(name)")
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }
}
