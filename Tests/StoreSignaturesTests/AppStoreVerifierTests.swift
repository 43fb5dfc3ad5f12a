import JSON
@testable import StoreSignatures
import Testing
import TollgateEvaluation

/// `AppStoreVerifier` accepts what the App Store signs and refuses every broken part, each with the case that names it.
@Suite struct AppStoreVerifierTests {
    /// 2026-12-01: after every signedDate of the tests' payloads.
    static let now = Timestamp(secondsSince1970: 1_795_996_800)

    static func verify(_ jws: String, roots: SignatureRoots) -> Result<VerifiedPayload, SignatureError> {
        Result { () throws(SignatureError) in try AppStoreVerifier(roots: roots).verify(jws, now: now) }
    }

    /// The error `verify` throws, nil when it accepts.
    static func refusal(_ jws: String, roots: SignatureRoots) -> SignatureError? {
        if case .failure(let error) = verify(jws, roots: roots) { return error }
        return nil
    }

    @Test(arguments: [true, false])
    func aPayloadSignedByTheTestChainIsAccepted(strict: Bool) throws {
        let payload = Payloads.transaction()
        let jws = try TestChain.signer().sign(payload: payload)
        let verified = try AppStoreVerifier(roots: TestChain.roots(strict: strict)).verify(jws, now: Self.now)
        #expect(verified.text == payload)
        #expect(verified.json[member: "bundleId"]?.string == Payloads.bundleID)
        #expect(verified.signedDate == Timestamp(secondsSince1970: Payloads.signedDate / 1000))
    }

    @Test func thePayloadWithoutSignedDateIsCheckedNow() throws {
        let jws = try TestChain.signer().sign(payload: #"{"bundleId":"com.example.tollgate"}"#)
        let verifier = AppStoreVerifier(roots: try TestChain.roots())
        #expect(try verifier.verify(jws, now: Self.now).signedDate == nil)
        #expect(throws: SignatureError.untrustedChain("certificate has expired")) {
            try verifier.verify(jws, now: Timestamp(secondsSince1970: 2_366_841_600))
        }
    }

    @Test(arguments: ["testNotification", "transactionInfo", "renewalInfo", "wrongBundleId"])
    func applesMocksVerifyUnderItsTestRootWithoutStrictChecks(name: String) throws {
        let jws = try TestChain.appleMock(name)
        let relaxed = SignatureRoots(certificates: [try TestChain.apple("testCA")], strict: false)
        let verified = try AppStoreVerifier(roots: relaxed).verify(jws, now: Self.now)
        // wrongBundleId has no signedDate, so it is checked at `now`.
        #expect((verified.signedDate == nil) == (name == "wrongBundleId"))
        let strict = SignatureRoots(certificates: [try TestChain.apple("testCA")], strict: true)
        guard case .untrustedChain = Self.refusal(jws, roots: strict) else {
            Issue.record("Apple's test chain passed strict X.509 checks")
            return
        }
    }

    @Test func theRealAppleChainVerifiesUnderTheShippedRootAtApplesTestDate() throws {
        let leaf = try TestChain.apple("real-apple-receipt-signing-leaf")
        let intermediate = try TestChain.apple("real-apple-wwdr-g6")
        let verifier = AppStoreVerifier(roots: .apple)
        try verifier.verifyChain(leaf: leaf, intermediate: intermediate, at: Timestamp(secondsSince1970: 1_761_962_975))
        #expect(throws: SignatureError.untrustedChain("certificate has expired")) {
            try verifier.verifyChain(leaf: leaf, intermediate: intermediate,
                                     at: Timestamp(secondsSince1970: 1_830_297_600))
        }
        #expect(throws: SignatureError.untrustedChain("unable to get local issuer certificate")) {
            try AppStoreVerifier(roots: TestChain.roots()).verifyChain(
                leaf: leaf, intermediate: intermediate, at: Timestamp(secondsSince1970: 1_761_962_975))
        }
    }

    @Test func applesChainsWithoutAnOIDAreRefused() throws {
        let verifier = AppStoreVerifier(
            roots: SignatureRoots(certificates: [try TestChain.apple("testCA")], strict: false))
        let at = Timestamp(secondsSince1970: 1_681_314_324)
        try verifier.verifyChain(leaf: TestChain.apple("test-chain-leaf"),
                                 intermediate: TestChain.apple("test-chain-intermediate"), at: at)
        #expect(throws: SignatureError.missingAppleOID(which: "leaf")) {
            try verifier.verifyChain(leaf: TestChain.apple("test-chain-leaf-invalid-oid"),
                                     intermediate: TestChain.apple("test-chain-intermediate"), at: at)
        }
        #expect(throws: SignatureError.missingAppleOID(which: "intermediate")) {
            try verifier.verifyChain(leaf: TestChain.apple("test-chain-leaf-under-invalid-oid-intermediate"),
                                     intermediate: TestChain.apple("test-chain-intermediate-invalid-oid"), at: at)
        }
    }

    @Test func aForgedChainIsRefused() throws {
        let jws = try TestChain.signer(leaf: "other-leaf", intermediate: "other-intermediate", root: "other-root")
            .sign(payload: Payloads.transaction())
        #expect(Self.refusal(jws, roots: try TestChain.roots())
            == .untrustedChain("unable to get local issuer certificate"))
        #expect(Self.refusal(jws, roots: try TestChain.roots("other-root")) == nil)
    }

    @Test func theRootInX5CIsIgnored() throws {
        let signer = try ES256Signer(privateKeyPEM: TestChain.text("test-chain/other-leaf-key.pem"), chain: [
            TestChain.certificate("other-leaf"), TestChain.certificate("other-intermediate"),
            TestChain.certificate("root"),
        ])
        #expect(Self.refusal(signer.sign(payload: Payloads.transaction()), roots: try TestChain.roots())
            == .untrustedChain("unable to get local issuer certificate"))
    }

    @Test func aLeafWithoutItsOIDIsRefused() throws {
        let jws = try TestChain.signer(leaf: "leaf-without-oid").sign(payload: Payloads.transaction())
        #expect(Self.refusal(jws, roots: try TestChain.roots()) == .missingAppleOID(which: "leaf"))
    }

    @Test func anIntermediateWithoutItsOIDIsRefused() throws {
        let jws = try TestChain.signer(leaf: "leaf-under-bad-intermediate", intermediate: "intermediate-without-oid")
            .sign(payload: Payloads.transaction())
        #expect(Self.refusal(jws, roots: try TestChain.roots()) == .missingAppleOID(which: "intermediate"))
    }

    @Test func aLeafExpiredAtSignedDateIsRefusedButOlderPayloadsStayValid() throws {
        let signer = try TestChain.signer(leaf: "expired-leaf")
        let roots = try TestChain.roots()
        #expect(Self.refusal(signer.sign(payload: Payloads.transaction()), roots: roots)
            == .untrustedChain("certificate has expired"))
        let old = signer.sign(payload: Payloads.transaction(signedDate: Payloads.oldSignedDate))
        #expect(Self.refusal(old, roots: roots) == nil)
    }

    /// One verifier keeps the chains it verified: a later payload of the same chain is still judged at its own
    /// signing date, and its own signature.
    @Test func aVerifiedChainIsReusedOnlyWhileValidAndOnlyForItsOwnSignatures() throws {
        let signer = try TestChain.signer(leaf: "expired-leaf")
        let verifier = AppStoreVerifier(roots: try TestChain.roots())
        let old = signer.sign(payload: Payloads.transaction(signedDate: Payloads.oldSignedDate))
        #expect(throws: Never.self) { try verifier.verify(old, now: Self.now) }
        #expect(throws: SignatureError.untrustedChain("certificate has expired")) {
            try verifier.verify(signer.sign(payload: Payloads.transaction()), now: Self.now)
        }
        #expect(throws: SignatureError.badSignature) {
            try verifier.verify(old.tampering(segment: 2), now: Self.now)
        }
        #expect(throws: Never.self) { try verifier.verify(old, now: Self.now) }
    }

    @Test func aTamperedPayloadOrSignatureIsRefused() throws {
        let jws = try TestChain.signer().sign(payload: Payloads.transaction())
        let roots = try TestChain.roots()
        var payload = Array(Payloads.transaction().utf8)
        payload[payload.firstIndex(of: UInt8(ascii: "2"))!] = UInt8(ascii: "3")
        #expect(Self.refusal(jws.replacing(segment: 1, with: Base64.encodeURL(payload)), roots: roots) == .badSignature)
        #expect(Self.refusal(jws.tampering(segment: 2), roots: roots) == .badSignature)
        #expect(Self.refusal(jws.replacing(segment: 2, with: Base64.encodeURL(Array(repeating: 1, count: 63))),
                             roots: roots) == .badSignature)
    }

    @Test func otherAlgorithmsAreRefused() throws {
        let signer = try TestChain.signer()
        let x5c = try ["leaf", "intermediate", "root"].map { Base64.encodeStandard(try TestChain.certificate($0).der) }
        let chain = "[" + x5c.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let roots = try TestChain.roots()
        for algorithm in ["none", "RS256", "ES384"] {
            let jws = signer.sign(payload: Payloads.transaction(), header: #"{"alg":"\#(algorithm)","x5c":\#(chain)}"#)
            #expect(Self.refusal(jws, roots: roots) == .unsupportedAlgorithm(algorithm))
        }
        let unsigned = signer.sign(payload: Payloads.transaction(), header: #"{"alg":"none","x5c":\#(chain)}"#)
            .replacing(segment: 2, with: "")
        #expect(Self.refusal(unsigned, roots: roots) == .unsupportedAlgorithm("none"))
        #expect(Self.refusal(signer.sign(payload: Payloads.transaction(), header: #"{"x5c":\#(chain)}"#), roots: roots)
            == .unsupportedAlgorithm(""))
    }

    @Test func aChainOfOtherThanThreeOrNoneIsRefused() throws {
        let signer = try TestChain.signer()
        let x5c = try ["leaf", "intermediate"].map { Base64.encodeStandard(try TestChain.certificate($0).der) }
        let roots = try TestChain.roots()
        let two = signer.sign(payload: Payloads.transaction(),
                              header: #"{"alg":"ES256","x5c":["\#(x5c[0])","\#(x5c[1])"]}"#)
        #expect(Self.refusal(two, roots: roots) == .wrongChainLength(2))
        #expect(Self.refusal(signer.sign(payload: Payloads.transaction(), header: #"{"alg":"ES256"}"#), roots: roots)
            == .missingCertificateChain)
        let bad = signer.sign(payload: Payloads.transaction(),
                              header: #"{"alg":"ES256","x5c":["\#(x5c[0])","AAAA","x"]}"#)
        #expect(Self.refusal(bad, roots: roots) == .badCertificate(index: 1))
        let apple = SignatureRoots(certificates: [try TestChain.apple("testCA")], strict: false)
        #expect(Self.refusal(try TestChain.appleMock("missingX5CHeaderClaim"), roots: apple)
            == .missingCertificateChain)
    }

    @Test func textThatIsNotACompactJWSIsRefused() throws {
        let jws = try TestChain.signer().sign(payload: Payloads.transaction())
        let roots = try TestChain.roots()
        let segments = jws.split(separator: ".")
        #expect(Self.refusal(segments[0] + "." + segments[1], roots: roots)
            == .malformedJWS("it has 2 segments, not 3"))
        #expect(Self.refusal(jws + ".e30", roots: roots) == .malformedJWS("it has 4 segments, not 3"))
        let apple = SignatureRoots(certificates: [try TestChain.apple("testCA")], strict: false)
        #expect(Self.refusal(try TestChain.appleMock("legacyTransaction"), roots: apple)
            == .malformedJWS("it has 1 segments, not 3"))
        #expect(Self.refusal(jws.replacing(segment: 0, with: "eyJhbGciOi!"), roots: roots)
            == .malformedJWS("the header is not base64url"))
        #expect(Self.refusal(jws.replacing(segment: 1, with: String(segments[1]) + "="), roots: roots)
            == .malformedJWS("the payload is not base64url"))
        #expect(Self.refusal(jws.replacing(segment: 2, with: "!" + String(segments[2])), roots: roots)
            == .malformedJWS("the signature is not base64url"))
        #expect(Self.refusal(jws.replacing(segment: 0, with: Base64.encodeURL(Array("[1]".utf8))), roots: roots)
            == .malformedJWS("the header is not a JSON object"))
    }

    @Test func aPayloadThatIsNotAnObjectIsRefused() throws {
        let signer = try TestChain.signer()
        let roots = try TestChain.roots()
        #expect(Self.refusal(signer.sign(payload: "[1,2]"), roots: roots)
            == .malformedPayload("it is not a JSON object"))
        #expect(Self.refusal(signer.sign(payload: #"{"signedDate":"yesterday"}"#), roots: roots)
            == .malformedPayload("its signedDate is not a whole number"))
    }

    @Test func oneVerifierAndOneSignerServeManyTasksAtOnce() async throws {
        let signer = try TestChain.signer()
        let verifier = AppStoreVerifier(roots: try TestChain.roots())
        let accepted = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    let payload = #"{"signedDate":\#(Payloads.signedDate + Int64(index))}"#
                    let jws = signer.sign(payload: payload)
                    return (try? verifier.verify(jws, now: Self.now))?.text == payload
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(accepted == 64)
    }

    @Test func descriptionsNameTheCheckAndNeverThePayload() throws {
        let errors: [SignatureError] = [
            .malformedJWS("it has 2 segments, not 3"), .unsupportedAlgorithm("RS256"), .unsupportedAlgorithm(""),
            .missingCertificateChain, .wrongChainLength(2), .badCertificate(index: 1),
            .untrustedChain("certificate has expired"), .missingAppleOID(which: "leaf"), .badSignature,
            .malformedPayload("it is not a JSON object"), .unreadableCertificate("no PEM certificate"),
            .unreadableKey("it is not a P-256 key"),
        ]
        for error in errors {
            #expect(error.description.first?.isLowercase == true, "\(error)")
            #expect(!error.description.hasSuffix("."), "\(error)")
        }
        #expect(SignatureError.unsupportedAlgorithm(String(repeating: "x", count: 500) + "\u{7}").description
            == "the JWS algorithm 'xxxxxxxxxxxxxxxxxxxx…' is not ES256")
        let jws = try TestChain.signer().sign(payload: Payloads.transaction())
        let error = try #require(Self.refusal(jws.tampering(segment: 2), roots: TestChain.roots()))
        #expect(!error.description.contains(Payloads.bundleID))
    }
}

extension Result where Failure == SignatureError {
    /// The result of `body`, its typed error kept.
    init(_ body: () throws(SignatureError) -> Success) {
        do { self = .success(try body()) } catch { self = .failure(error) }
    }
}
