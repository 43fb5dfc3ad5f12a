import Foundation
import JSON
@testable import StoreSignatures
import TestSupport
import Testing
import TollgateEvaluation

/// Tollgate accepts and refuses the RS256 tokens Google's own google-auth (Python, `google.auth.jwt.decode`) does,
/// with the service account's certificate by key id, the audience and 60 seconds of skew, except where Tollgate is
/// stricter on purpose.
@Suite(.tags(.python)) struct GoogleAuthAgreementTests {
    /// One token of the matrix and what it is.
    struct Input: Sendable, CustomTestStringConvertible {
        var id: String
        var token: String
        var testDescription: String { id }
    }

    /// Tokens google-auth accepts and Tollgate refuses on purpose: a token without `kid` (google-auth then tries
    /// every certificate; Google's tokens always name their key), and a padded signature (google-auth's base64
    /// takes padding; RFC 7515 has none).
    static let tollgateIsStricter: Set<String> = ["no kid", "padded signature"]

    /// Tollgate's answer as the push check gives it: the signature verified against `keys`, `aud` the audience,
    /// current with 60 seconds of skew.
    static func tollgateAccepts(_ token: String, keys: JWKS, now: Timestamp) -> Bool {
        guard let verified = try? JWTVerifier.verifyRS256(token, keys: keys) else { return false }
        return verified.claims[member: "aud"]?.string == GoogleKeys.audience && verified.isCurrent(at: now, skew: 60)
    }

    /// google-auth's answers, by input id, from `scripts/google-jwt-check.py`.
    static func googlesAnswers(_ inputs: [Input]) async throws -> [String: Bool] {
        try await PythonPeers.googleAuthVerdicts(inputs.map { ($0.id, $0.token) }, options: [
            "--cert", "\(GoogleKeys.keyID)=\(GoogleKeys.path("service-account-certificate.pem"))",
            "--cert", "other=\(GoogleKeys.path("other-certificate.pem"))",
            "--audience", GoogleKeys.audience, "--clock-skew", "60",
        ])
    }

    /// The tokens: valid ones, each refusal of `JWTVerifierTests`, and the claims the push check reads.
    /// Every token's times are far from the limits, so that the seconds google-auth takes to start cannot move an
    /// answer; the skew's edges are tested with a fixed clock in `JWTVerifierTests`.
    static func matrix(now: Int64) throws -> [Input] {
        let signer = try GoogleKeys.signer()
        let claims = GoogleKeys.claims(issued: now - 10)
        let valid = try signer.sign(claims: claims)
        let segments = valid.split(separator: ".").map(String.init)
        func header(_ alg: String, kid: String? = GoogleKeys.keyID) -> String {
            #"{"alg":"\#(alg)","typ":"JWT"\#(kid.map { #","kid":"\#($0)""# } ?? "")}"#
        }
        return [
            Input(id: "valid", token: valid),
            Input(id: "valid without typ",
                  token: try signer.sign(claims: claims, header: #"{"kid":"\#(GoogleKeys.keyID)","alg":"RS256"}"#)),
            Input(id: "signed by the other trusted key", token: try GoogleKeys.otherSigner(kid: "other")
                .sign(claims: claims)),
            Input(id: "expired 2 minutes ago",
                  token: try signer.sign(claims: GoogleKeys.claims(issued: now - 3600, expires: now - 120))),
            Input(id: "issued an hour from now",
                  token: try signer.sign(claims: GoogleKeys.claims(issued: now + 3600))),
            Input(id: "no exp", token: try signer.sign(claims: #"{"aud":"\#(GoogleKeys.audience)","iat":\#(now)}"#)),
            Input(id: "another audience",
                  token: try signer.sign(claims: GoogleKeys.claims(issued: now, audience: "https://other.example"))),
            Input(id: "tampered payload",
                  token: valid.replacing(segment: 1, with: Base64.encodeURL(Array(GoogleKeys.claims(
                      issued: now - 9).utf8)))),
            Input(id: "tampered signature", token: valid.tampering(segment: 2)),
            Input(id: "short signature", token: valid.replacing(segment: 2, with: "AAAA")),
            Input(id: "alg none", token: try signer.sign(claims: claims, header: header("none"))
                .replacing(segment: 2, with: "")),
            Input(id: "alg HS256", token: try signer.sign(claims: claims, header: header("HS256"))),
            Input(id: "alg ES256", token: try signer.sign(claims: claims, header: header("ES256"))),
            Input(id: "alg missing",
                  token: try signer.sign(claims: claims, header: #"{"kid":"\#(GoogleKeys.keyID)"}"#)),
            Input(id: "unknown kid", token: try GoogleKeys.signer(kid: "rotated").sign(claims: claims)),
            Input(id: "no kid", token: try GoogleKeys.signer(kid: nil).sign(claims: claims)),
            Input(id: "signed by an untrusted key", token: try GoogleKeys.otherSigner().sign(claims: claims)),
            Input(id: "two segments", token: segments[0] + "." + segments[1]),
            Input(id: "four segments", token: valid + ".e30"),
            Input(id: "header not base64url", token: valid.replacing(segment: 0, with: "!" + segments[0])),
            Input(id: "payload not base64url", token: valid.replacing(segment: 1, with: "!" + segments[1])),
            Input(id: "signature with a character outside base64url",
                  token: valid.replacing(segment: 2, with: "!" + segments[2])),
            Input(id: "padded signature", token: valid + "=="),
            Input(id: "payload not an object", token: try signer.sign(claims: "[1,2]")),
        ]
    }

    @Test func tollgateAndGoogleAuthAgreeOnTheMatrix() async throws {
        let now = Timestamp(Date())
        let inputs = try Self.matrix(now: now.secondsSince1970)
        let trusted = try GoogleKeys.signer().publicJWK(kid: GoogleKeys.keyID)
        let other = try GoogleKeys.otherSigner().publicJWK(kid: "other")
        let keys = try JWKS(json: Array(#"{"keys":[\#(trusted),\#(other)]}"#.utf8))
        let google = try await Self.googlesAnswers(inputs)
        for input in inputs {
            let tollgate = Self.tollgateAccepts(input.token, keys: keys, now: now)
            let expected = Self.tollgateIsStricter.contains(input.id) ? false : google[input.id]
            #expect(tollgate == expected,
                    "\(input.id): google-auth \(google[input.id].map(String.init) ?? "gave no answer")")
        }
        #expect(inputs.filter { google[$0.id] == true }.map(\.id)
            == ["valid", "valid without typ", "signed by the other trusted key", "no kid", "padded signature"])
    }
}
