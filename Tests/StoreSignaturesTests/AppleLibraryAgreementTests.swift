import Foundation
import Customers
import JSON
@testable import StoreSignatures
import TestSupport
import Testing
import TollgateEvaluation

/// Tollgate accepts and refuses exactly the signed data Apple's own App Store Server Library (Python, offline) does:
/// the same matrix of payloads goes through both.
@Suite(.tags(.python)) struct AppleLibraryAgreementTests {
    /// One input of the matrix: what it is, how to decode it, the JWS.
    struct Input: Sendable, CustomTestStringConvertible {
        enum Kind: String, Sendable { case notification, transaction, renewal }
        var id: String
        var kind: Kind
        var jws: String
        var testDescription: String { id }
    }

    /// Tollgate's answer as the service gives it: the signature verified, then (the caller's part, which
    /// `AppStoreVerifier` leaves out) the bundle id and the environment.
    static func tollgateAccepts(_ input: Input, roots: SignatureRoots, bundleID: String, environment: String) -> Bool {
        let verifier = AppStoreVerifier(roots: roots)
        guard let payload = try? verifier.verify(input.jws, now: AppStoreVerifierTests.now) else { return false }
        let facts = input.kind == .notification ? payload.json[member: "data"] : payload.json
        let bundleMatches = input.kind == .renewal || facts?[member: "bundleId"]?.string == bundleID
        return bundleMatches && facts?[member: "environment"]?.string == environment
    }

    /// Apple's answers, by input id, from `scripts/app-store-verify.py`.
    static func applesAnswers(_ inputs: [Input], roots: [String], strict: Bool, bundleID: String) async throws
        -> [String: Bool]
    {
        let root = Fixtures.repositoryRoot()
        let python = try await PythonPeers.python(root: root)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-jws-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        var lines = ""
        for input in inputs {
            var writer = JSONWriter()
            writer.object { members in
                members.member("id") { $0.string(input.id) }
                members.member("kind") { $0.string(input.kind.rawValue) }
                members.member("jws") { $0.string(input.jws) }
            }
            lines += String(decoding: writer.bytes, as: UTF8.self) + "\n"
        }
        try lines.write(to: file, atomically: true, encoding: .utf8)
        var arguments = [root.appendingPathComponent("scripts/app-store-verify.py").path]
        arguments += roots.flatMap { ["--root", $0] }
        arguments += (strict ? [] : ["--no-strict"]) + ["--environment", "Sandbox", "--bundle-id", bundleID, file.path]
        let run = try await ChildProcess.run(python, arguments, timeout: .seconds(300))
        guard run.succeeded else {
            throw ChildProcess.Failure(
                description: "app-store-verify.py failed (\(run.status)): \(run.stderr.suffix(3000))")
        }
        var answers: [String: Bool] = [:]
        for line in run.stdout.split(separator: "\n") {
            let answer = try JSONValue(reading: Array(line.utf8))
            guard let id = answer[member: "id"]?.string, case .bool(let accepted)? = answer[member: "accepted"] else {
                throw ChildProcess.Failure(description: "app-store-verify.py printed \(line)")
            }
            answers[id] = accepted
        }
        return answers
    }

    /// Every case of `AppStoreVerifierTests`, signed by the test chain, plus another app's bundle id and Xcode data.
    static func matrix() throws -> [Input] {
        let signer = try TestChain.signer()
        let x5c = try ["leaf", "intermediate", "root"].map { Base64.encodeStandard(try TestChain.certificate($0).der) }
        func header(alg: String?, chain: [String]?) -> String {
            var writer = JSONWriter()
            writer.object { members in
                if let alg { members.member("alg") { $0.string(alg) } }
                if let chain { members.member("x5c") { $0.array(chain) } }
            }
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        let transaction = Payloads.transaction()
        let valid = signer.sign(payload: transaction)
        var tampered = Array(transaction.utf8)
        tampered[tampered.firstIndex(of: UInt8(ascii: "2"))!] = UInt8(ascii: "3")
        let segments = valid.split(separator: ".").map(String.init)
        let otherSigner = try ES256Signer(privateKeyPEM: TestChain.text("test-chain/other-leaf-key.pem"), chain: [
            TestChain.certificate("other-leaf"), TestChain.certificate("other-intermediate"),
            TestChain.certificate("root"),
        ])
        let expired = try TestChain.signer(leaf: "expired-leaf")
        return [
            Input(id: "valid notification", kind: .notification, jws: signer.sign(payload: Payloads.notification())),
            Input(id: "valid transaction", kind: .transaction, jws: valid),
            Input(id: "valid renewal", kind: .renewal, jws: signer.sign(payload: Payloads.renewal())),
            Input(id: "another bundle's notification", kind: .notification,
                  jws: signer.sign(payload: Payloads.notification(bundleID: "com.example.other"))),
            Input(id: "another bundle's transaction", kind: .transaction,
                  jws: signer.sign(payload: Payloads.transaction(bundleID: "com.example.other"))),
            Input(id: "Xcode notification", kind: .notification,
                  jws: signer.sign(payload: Payloads.notification(environment: "Xcode"))),
            Input(id: "Xcode transaction", kind: .transaction,
                  jws: signer.sign(payload: Payloads.transaction(environment: "Xcode"))),
            Input(id: "Xcode renewal", kind: .renewal,
                  jws: signer.sign(payload: Payloads.renewal(environment: "Xcode"))),
            Input(id: "forged chain", kind: .transaction,
                  jws: try TestChain.signer(leaf: "other-leaf", intermediate: "other-intermediate", root: "other-root")
                      .sign(payload: transaction)),
            Input(id: "forged chain ending in the trusted root", kind: .transaction,
                  jws: otherSigner.sign(payload: transaction)),
            Input(id: "leaf without its OID", kind: .transaction,
                  jws: try TestChain.signer(leaf: "leaf-without-oid").sign(payload: transaction)),
            Input(id: "intermediate without its OID", kind: .transaction,
                  jws: try TestChain.signer(leaf: "leaf-under-bad-intermediate",
                                            intermediate: "intermediate-without-oid").sign(payload: transaction)),
            Input(id: "tampered payload byte", kind: .transaction,
                  jws: valid.replacing(segment: 1, with: Base64.encodeURL(tampered))),
            Input(id: "tampered signature", kind: .transaction, jws: valid.tampering(segment: 2)),
            Input(id: "63-byte signature", kind: .transaction,
                  jws: valid.replacing(segment: 2, with: Base64.encodeURL(Array(repeating: 1, count: 63)))),
            Input(id: "alg none", kind: .transaction,
                  jws: signer.sign(payload: transaction, header: header(alg: "none", chain: x5c))
                      .replacing(segment: 2, with: "")),
            Input(id: "alg RS256", kind: .transaction,
                  jws: signer.sign(payload: transaction, header: header(alg: "RS256", chain: x5c))),
            Input(id: "alg missing", kind: .transaction,
                  jws: signer.sign(payload: transaction, header: header(alg: nil, chain: x5c))),
            Input(id: "two certificates", kind: .transaction,
                  jws: signer.sign(payload: transaction, header: header(alg: "ES256", chain: Array(x5c.prefix(2))))),
            Input(id: "four certificates", kind: .transaction,
                  jws: signer.sign(payload: transaction, header: header(alg: "ES256", chain: x5c + [x5c[2]]))),
            Input(id: "x5c missing", kind: .transaction,
                  jws: signer.sign(payload: transaction, header: header(alg: "ES256", chain: nil))),
            Input(id: "x5c intermediate not a certificate", kind: .transaction,
                  jws: signer.sign(payload: transaction,
                                   header: header(alg: "ES256", chain: [x5c[0], "AAAA", x5c[2]]))),
            Input(id: "leaf expired at signedDate", kind: .transaction, jws: expired.sign(payload: transaction)),
            Input(id: "payload signed while the expired leaf was valid", kind: .transaction,
                  jws: expired.sign(payload: Payloads.transaction(signedDate: Payloads.oldSignedDate))),
            Input(id: "two segments", kind: .transaction, jws: segments[0] + "." + segments[1]),
            Input(id: "four segments", kind: .transaction, jws: valid + ".e30"),
            Input(id: "legacy receipt", kind: .transaction, jws: try TestChain.appleMock("legacyTransaction")),
            Input(id: "header not base64url", kind: .transaction,
                  jws: valid.replacing(segment: 0, with: "!" + segments[0])),
            Input(id: "payload not base64url", kind: .transaction,
                  jws: valid.replacing(segment: 1, with: "!" + segments[1])),
            Input(id: "signature not base64url", kind: .transaction,
                  jws: valid.replacing(segment: 2, with: "!" + segments[2])),
            Input(id: "payload not an object", kind: .transaction, jws: signer.sign(payload: "[1,2]")),
        ] + (try payloadsOfEveryKind())
    }

    /// Valid payloads of every kind the customer state depends on: a notification of each of Apple's types, and
    /// the transactions and renewal info of every row of the state table (each product type, a refund, Family
    /// Sharing, an upgrade, each offer, grace and billing retry). Both sides must accept every one.
    static func payloadsOfEveryKind() throws -> [Input] {
        let signer = try TestChain.signer()
        let notifications = NotificationType.known.map { type in
            Input(id: "\(type.rawValue) notification", kind: .notification,
                  jws: signer.sign(payload: Payloads.notification().replacingOccurrences(
                    of: #""notificationType":"SUBSCRIBED","subtype":"INITIAL_BUY","#,
                    with: #""notificationType":"\#(type.rawValue)","#)))
        }
        let transaction = Payloads.transaction()
        let insertion = #""signedDate":"#
        let subscription = #""type":"Auto-Renewable Subscription","#
        let retyped = [("non-consumable", "Non-Consumable"), ("consumable", "Consumable"),
                       ("non-renewing", "Non-Renewing Subscription")].map { name, type in
            Input(id: "\(name) transaction", kind: .transaction,
                  jws: signer.sign(payload: transaction.replacingOccurrences(of: subscription,
                                                                           with: #""type":"\#(type)","#)))
        }
        let shared = Input(id: "family shared transaction", kind: .transaction,
                           jws: signer.sign(payload: transaction.replacingOccurrences(
                               of: #""inAppOwnershipType":"PURCHASED""#, with: #""inAppOwnershipType":"FAMILY_SHARED""#)))
        let transactions = [
            ("refunded", #""revocationDate":1780271500000,"revocationReason":0,"revocationType":"REFUND_FULL","#),
            ("upgraded", #""isUpgraded":true,"#),
            ("free trial", #""offerType":1,"offerDiscountType":"FREE_TRIAL","#),
            ("pay-as-you-go intro", #""offerType":1,"offerDiscountType":"PAY_AS_YOU_GO","#),
            ("promotional offer", #""offerType":2,"offerIdentifier":"winter","offerDiscountType":"PAY_UP_FRONT","#),
            ("offer code", #""offerType":3,"offerIdentifier":"code","#), ("win-back offer", #""offerType":4,"#),
        ].map { name, fields in
            Input(id: "\(name) transaction", kind: .transaction,
                  jws: signer.sign(payload: transaction.replacingOccurrences(of: insertion, with: fields + insertion)))
        }
        let renewals = [
            ("grace period", #""gracePeriodExpiresDate":1780871000000,"#),
            ("auto-renew off", #""expirationIntent":1,"#),
        ].map { name, fields in
            Input(id: "\(name) renewal", kind: .renewal,
                  jws: signer.sign(payload: Payloads.renewal().replacingOccurrences(of: insertion,
                                                                                 with: fields + insertion)))
        }
        let retrying = Input(id: "billing retry renewal", kind: .renewal, jws: signer.sign(
            payload: Payloads.renewal().replacingOccurrences(of: #""isInBillingRetryPeriod":false"#,
                                                              with: #""isInBillingRetryPeriod":true"#)))
        return notifications + retyped + [shared] + transactions + renewals + [retrying]
    }

    @Test(arguments: [true, false])
    func tollgateAndApplesLibraryAgreeOnTheTestChainMatrix(strict: Bool) async throws {
        let inputs = try Self.matrix()
        let roots = try TestChain.roots(strict: strict)
        let apple = try await Self.applesAnswers(inputs, roots: [TestChain.path("test-chain/root.pem")], strict: strict,
                                                 bundleID: Payloads.bundleID)
        for input in inputs {
            let tollgate = Self.tollgateAccepts(input, roots: roots, bundleID: Payloads.bundleID,
                                                environment: "Sandbox")
            #expect(apple[input.id] == tollgate,
                    "\(input.id): Apple \(apple[input.id].map(String.init) ?? "gave no answer")")
        }
        let accepted = inputs.filter { apple[$0.id] == true }.map(\.id)
        #expect(accepted == ["valid notification", "valid transaction", "valid renewal",
                             "payload signed while the expired leaf was valid"] + (try Self.payloadsOfEveryKind()).map(\.id))
    }

    @Test(arguments: [true, false])
    func tollgateAndApplesLibraryAgreeOnApplesMocks(strict: Bool) async throws {
        let inputs = try [
            Input(id: "testNotification", kind: .notification, jws: TestChain.appleMock("testNotification")),
            Input(id: "transactionInfo", kind: .transaction, jws: TestChain.appleMock("transactionInfo")),
            Input(id: "renewalInfo", kind: .renewal, jws: TestChain.appleMock("renewalInfo")),
            Input(id: "wrongBundleId", kind: .notification, jws: TestChain.appleMock("wrongBundleId")),
            Input(id: "missingX5CHeaderClaim", kind: .transaction, jws: TestChain.appleMock("missingX5CHeaderClaim")),
            Input(id: "legacyTransaction", kind: .transaction, jws: TestChain.appleMock("legacyTransaction")),
        ]
        let roots = SignatureRoots(certificates: [try TestChain.apple("testCA")], strict: strict)
        let apple = try await Self.applesAnswers(inputs, roots: [TestChain.path("apple/certs/testCA.der")],
                                                 strict: strict, bundleID: "com.example")
        for input in inputs {
            let tollgate = Self.tollgateAccepts(input, roots: roots, bundleID: "com.example", environment: "Sandbox")
            #expect(apple[input.id] == tollgate, "\(input.id)")
        }
        #expect(inputs.filter { apple[$0.id] == true }.count == (strict ? 0 : 3))
    }
}
