import JSON
@testable import StoreSignatures
import Testing
import TollgateEvaluation

/// RS256 JWTs: signed with a service account's key, read back through a key set, and every other token refused.
@Suite struct JWTVerifierTests {
    static let issued: Int64 = 1_780_272_000

    static func refusal(_ token: String, keys: JWKS) -> SignatureError? {
        do {
            _ = try JWTVerifier.verifyRS256(token, keys: keys)
            return nil
        } catch {
            return error
        }
    }

    @Test func aSignedTokenVerifiesWithItsClaimsAndHeader() throws {
        let token = try GoogleKeys.signer().sign(claims: GoogleKeys.claims(issued: Self.issued))
        let verified = try JWTVerifier.verifyRS256(token, keys: GoogleKeys.keySet())
        #expect(verified.keyID == GoogleKeys.keyID)
        #expect(verified.header == .object(["alg": .string("RS256"), "typ": .string("JWT"),
                                            "kid": .string(GoogleKeys.keyID)]))
        #expect(verified.claims[member: "email"]?.string == GoogleKeys.email)
        #expect(verified.claims[member: "email_verified"] == .bool(true))
        #expect(verified.audiences == [GoogleKeys.audience])
        #expect(verified.expiry == Timestamp(secondsSince1970: Self.issued + 3600))
    }

    @Test func theTimeHelperAllowsTheSkewAndNoMore() throws {
        let token = try GoogleKeys.signer().sign(claims: GoogleKeys.claims(issued: Self.issued))
        let verified = try JWTVerifier.verifyRS256(token, keys: GoogleKeys.keySet())
        let expiry = Self.issued + 3600
        #expect(verified.isCurrent(at: Timestamp(secondsSince1970: expiry + 60), skew: 60))
        #expect(!verified.isCurrent(at: Timestamp(secondsSince1970: expiry + 61), skew: 60))
        #expect(!verified.isCurrent(at: Timestamp(secondsSince1970: expiry + 1), skew: 0))
        #expect(verified.isCurrent(at: Timestamp(secondsSince1970: Self.issued - 60), skew: 60))
        #expect(!verified.isCurrent(at: Timestamp(secondsSince1970: Self.issued - 61), skew: 60))
        let keys = try GoogleKeys.keySet()
        let withoutExpiry = try JWTVerifier.verifyRS256(
            try GoogleKeys.signer().sign(claims: #"{"aud":["a","b",3]}"#), keys: keys)
        #expect(withoutExpiry.expiry == nil)
        #expect(!withoutExpiry.isCurrent(at: Timestamp(secondsSince1970: 0), skew: 60))
        #expect(withoutExpiry.audiences == ["a", "b"])
        let withoutIssue = try JWTVerifier.verifyRS256(try GoogleKeys.signer().sign(claims: #"{"exp":100.9}"#),
                                                       keys: keys)
        #expect(withoutIssue.expiry == Timestamp(secondsSince1970: 100))
        #expect(withoutIssue.isCurrent(at: Timestamp(secondsSince1970: 100), skew: 0))
        let textIssue = try JWTVerifier.verifyRS256(try GoogleKeys.signer().sign(claims: #"{"exp":100,"iat":"0"}"#),
                                                    keys: keys)
        #expect(!textIssue.isCurrent(at: Timestamp(secondsSince1970: 50), skew: 0))
    }

    @Test func tamperedTokensAndOtherKeysAreRefused() throws {
        let keys = try GoogleKeys.keySet()
        let token = try GoogleKeys.signer().sign(claims: GoogleKeys.claims(issued: Self.issued))
        let tampered = Base64.encodeURL(Array(GoogleKeys.claims(issued: Self.issued + 1).utf8))
        #expect(Self.refusal(token.replacing(segment: 1, with: tampered), keys: keys)
            == .badRS256Signature(keyID: GoogleKeys.keyID))
        #expect(Self.refusal(token.tampering(segment: 2), keys: keys) == .badRS256Signature(keyID: GoogleKeys.keyID))
        #expect(Self.refusal(token.replacing(segment: 2, with: "AAAA"), keys: keys)
            == .badRS256Signature(keyID: GoogleKeys.keyID))
        let forged = try GoogleKeys.otherSigner().sign(claims: GoogleKeys.claims(issued: Self.issued))
        #expect(Self.refusal(forged, keys: keys) == .badRS256Signature(keyID: GoogleKeys.keyID))
        let unknown = try GoogleKeys.signer(kid: "rotated").sign(claims: GoogleKeys.claims(issued: Self.issued))
        #expect(Self.refusal(unknown, keys: keys) == .unknownKeyID("rotated"))
        let anonymous = try GoogleKeys.signer(kid: nil).sign(claims: GoogleKeys.claims(issued: Self.issued))
        #expect(Self.refusal(anonymous, keys: keys) == .malformedJWS("the header has no kid"))
    }

    @Test(arguments: ["none", "HS256", "ES256", "RS384", "PS256"])
    func otherAlgorithmsAreRefused(algorithm: String) throws {
        let header = #"{"alg":"\#(algorithm)","typ":"JWT","kid":"\#(GoogleKeys.keyID)"}"#
        let token = try GoogleKeys.signer().sign(claims: GoogleKeys.claims(issued: Self.issued), header: header)
        let keys = try GoogleKeys.keySet()
        #expect(Self.refusal(token, keys: keys) == .unsupportedAlgorithm(algorithm, expected: "RS256"))
        #expect(Self.refusal(token.replacing(segment: 2, with: ""), keys: keys)
            == .unsupportedAlgorithm(algorithm, expected: "RS256"))
    }

    @Test func malformedTokensAreRefused() throws {
        let keys = try GoogleKeys.keySet()
        let signer = try GoogleKeys.signer()
        let token = try signer.sign(claims: GoogleKeys.claims(issued: Self.issued))
        let segments = token.split(separator: ".").map(String.init)
        #expect(Self.refusal(segments[0] + "." + segments[1], keys: keys) == .malformedJWS("it has 2 segments, not 3"))
        #expect(Self.refusal(token + ".e30", keys: keys) == .malformedJWS("it has 4 segments, not 3"))
        #expect(Self.refusal(token.replacing(segment: 0, with: "!" + segments[0]), keys: keys)
            == .malformedJWS("the header is not base64url"))
        #expect(Self.refusal(token.replacing(segment: 1, with: segments[1] + "="), keys: keys)
            == .malformedJWS("the payload is not base64url"))
        #expect(Self.refusal(token.replacing(segment: 2, with: segments[2] + "=="), keys: keys)
            == .malformedJWS("the signature is not base64url"))
        #expect(Self.refusal(token.replacing(segment: 0, with: Base64.encodeURL(Array("[]".utf8))), keys: keys)
            == .malformedJWS("the header is not a JSON object"))
        #expect(Self.refusal(try signer.sign(claims: "[1,2]"), keys: keys)
            == .malformedPayload("it is not a JSON object"))
        #expect(Self.refusal(try signer.sign(claims: "{"), keys: keys) == .malformedPayload("it is not a JSON object"))
    }

    @Test func theKeySetSkipsKeysOfOtherKindsAndReadsRSAOnes() throws {
        let jwk = try GoogleKeys.signer().publicJWK(kid: "a")
        let other = try GoogleKeys.otherSigner().publicJWK(kid: "b")
        let set = #"""
            {"keys":[\#(jwk),\#(other),
            {"kty":"EC","kid":"ec","crv":"P-256","x":"AAAA","y":"AAAA"},
            {"kty":"RSA","kid":"enc","use":"enc","n":"AQAB","e":"AQAB"},
            {"kty":"RSA","kid":"rs384","alg":"RS384","n":"AQAB","e":"AQAB"},
            {"kty":"RSA","n":"AQAB","e":"AQAB"},
            {"kty":"oct","kid":"secret","k":"c2VjcmV0"}]}
            """#
        let keys = try JWKS(json: Array(set.utf8))
        #expect(keys.keyIDs == ["a", "b"])
        let token = try GoogleKeys.otherSigner(kid: "b").sign(claims: "{}")
        #expect(try JWTVerifier.verifyRS256(token, keys: keys).keyID == "b")
        let empty = try JWKS(json: Array(#"{"keys":[]}"#.utf8))
        #expect(Self.refusal(token, keys: empty) == .unknownKeyID("b"))
    }

    @Test func brokenKeySetsAreRefused() throws {
        let jwk = try GoogleKeys.signer().publicJWK(kid: "a")
        let broken: [(String, SignatureError)] = [
            ("{", .unreadableKeySet("it is not JSON")),
            (#"{"keys":{}}"#, .unreadableKeySet("it is not an object with a list of keys")),
            (#"[]"#, .unreadableKeySet("it is not an object with a list of keys")),
            (#"{"keys":[1]}"#, .unreadableKeySet("a key is not an object")),
            (#"{"keys":[\#(jwk),\#(jwk)]}"#, .unreadableKeySet("two keys have the id 'a'")),
            (#"{"keys":[{"kty":"RSA","kid":"x","e":"AQAB"}]}"#, .unreadableKeySet("key 'x' has no base64url n and e")),
            (#"{"keys":[{"kty":"RSA","kid":"x","n":"a+b","e":"AQAB"}]}"#,
             .unreadableKeySet("key 'x' has no base64url n and e")),
        ]
        for (text, error) in broken {
            #expect(throws: error, "\(text)") { try JWKS(json: Array(text.utf8)) }
        }
    }

    @Test func thePublicJWKCarriesTheModulusAndExponent() throws {
        let jwk = try JSONValue(reading: Array(try GoogleKeys.signer().publicJWK(kid: "k").utf8))
        #expect(jwk[member: "kty"]?.string == "RSA")
        #expect(jwk[member: "kid"]?.string == "k")
        #expect(jwk[member: "alg"]?.string == "RS256")
        #expect(jwk[member: "use"]?.string == "sig")
        #expect(jwk[member: "e"]?.string == "AQAB")
        let modulus = try #require(jwk[member: "n"]?.string.flatMap { Base64.decode(url: $0) })
        #expect(modulus.count == 256)
        #expect(modulus.first != 0)
    }

    @Test func onlyRSAPrivateKeysOfTwoThousandBitsSign() throws {
        #expect(throws: SignatureError.unreadableKey("it is not an RSA key")) {
            try RS256Signer(privateKeyPEM: TestChain.text("test-chain/leaf-key.pem"))
        }
        #expect(throws: SignatureError.self) { try RS256Signer(privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nAAAA") }
        #expect(throws: SignatureError.self) { try RS256Signer(privateKeyPEM: "") }
        let account = try GoogleKeys.serviceAccount()
        #expect(account[member: "type"]?.string == "service_account")
        #expect(account[member: "client_email"]?.string == GoogleKeys.email)
        #expect(account[member: "private_key"]?.string?.hasPrefix("-----BEGIN PRIVATE KEY-----") == true)
    }

    @Test func descriptionsAreOneLowercaseSentence() {
        let errors: [SignatureError] = [
            .unreadableKeySet("it is not JSON"), .unknownKeyID("k"), .badRS256Signature(keyID: "k"),
            .signingFailed("no reason"), .unsupportedAlgorithm("HS256", expected: "RS256"),
        ]
        for error in errors {
            #expect(error.description.first?.isLowercase == true, "\(error)")
            #expect(!error.description.hasSuffix("."), "\(error)")
        }
        #expect(SignatureError.unsupportedAlgorithm("HS256", expected: "RS256").description
            == "the JWS algorithm 'HS256' is not RS256")
        #expect(SignatureError.unknownKeyID(String(repeating: "k", count: 40)).description
            == "the JWT's key id 'kkkkkkkkkkkkkkkkkkkk…' is not in the key set")
    }
}
