import Foundation
import Testing
import TollgateClient
import TollgateEvaluation

/// The customer calls against a fake service: the exact request each sends, and how each answer is read.
@Suite struct CustomerRequestTests {
    /// A customer id with a space, a slash and a letter outside ASCII, each of which must be percent-encoded.
    static let customer = "user 1/é"
    static let encodedCustomer = "user%201%2F%C3%A9"
    static let jws = "eyJhbGciOiJFUzI1NiJ9.eyJ0cmFuc2FjdGlvbklkIjoiMSJ9.c2lnbmF0dXJl"

    static let document = #"""
        {"app": "demo", "customer": "user 1/é", "environment": "production",
         "entitlements": [
           {"product": "com.example.demo.pro", "state": "active", "store": "app-store", "environment": "production",
            "original_transaction": "2000000123", "ownership": "purchased", "period_type": "normal", "will_renew": false},
           {"product": "com.example.demo.monthly", "state": "grace_period", "expires": "2026-12-01T00:00:00Z",
            "store": "app-store", "environment": "production", "original_transaction": "2000000456",
            "ownership": "family_shared", "period_type": "trial", "will_renew": true}],
         "credits": {"coins": 90, "extra_gems": -5},
         "history": [{"time": "2026-11-29T12:00:00Z", "store": "app-store", "event": "transaction",
                      "product": "com.example.demo.pro", "transaction": "2000000123", "effect": "granted"}]}
        """#

    static func client(_ server: FakeBundleServer) -> TollgateClient {
        TollgateClient(.init(server: server.url, app: "demo"))
    }

    static func problem(_ kind: String, _ status: Int, _ detail: String) -> FakeBundleServer.Answer {
        let body = #"{"type":"urn:tollgate:problem:\#(kind)","title":"Refused","status":\#(status),"detail":"\#(detail)","instance":"/v1"}"#
        return .init(status: status, body: Data(body.utf8), contentType: "application/problem+json")
    }

    @Test func postTransactionSendsTheSignedTransactionToTheCustomersRoute() async throws {
        let server = try FakeBundleServer()
        server.setPost(.init(body: Data(Self.document.utf8)))
        let status = try await Self.client(server).postTransaction(Self.jws, customer: Self.customer)

        let request = try #require(server.posts.first)
        #expect(server.posts.count == 1)
        #expect(request.method == "POST")
        #expect(request.target == "/v1/apps/demo/customers/\(Self.encodedCustomer)/transactions")
        #expect(request.headers["content-type"] == "application/json")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"signed_transaction":"\#(Self.jws)"}"#)

        #expect(status.app == "demo")
        #expect(status.customer == Self.customer)
        #expect(status.environment == .production)
        #expect(status.credits == ["coins": 90, "extra_gems": -5], "credit currencies are kept as the service spells them")
        let expires = try #require(Timestamp("2026-12-01T00:00:00Z")).date
        #expect(status.entitlements == [
            Entitlement(product: "com.example.demo.pro"),
            Entitlement(product: "com.example.demo.monthly", state: .gracePeriod, expires: expires),
        ])
        let monthly = try #require(status.entitlementDetails.last)
        #expect(monthly.store == .appStore)
        #expect(monthly.environment == .production)
        #expect(monthly.originalTransaction == "2000000456")
        #expect(monthly.ownership == .familyShared)
        #expect(monthly.periodType == .trial)
        #expect(monthly.willRenew)
        #expect(status.entitlementDetails.first?.willRenew == false)
        #expect(status.entitlementDetails.first?.expires == nil)
    }

    @Test(arguments: ["tollgate", "tollgate/"])
    func theRoutesFollowTheServersPath(_ path: String) async throws {
        let server = try FakeBundleServer()
        server.setPost(.init(body: Data(Self.document.utf8)))
        let client = TollgateClient(.init(server: server.url.appendingPathComponent(path), app: "demo"))
        _ = try await client.postTransaction(Self.jws, customer: "u-1")
        #expect(server.posts.map(\.target) == ["/tollgate/v1/apps/demo/customers/u-1/transactions"])
    }

    @Test func theEntitlementsOfACustomerStatusAnswerOfflineThroughTheLocalEvaluator() async throws {
        let server = try FakeBundleServer()
        let served = TestBundles.served(TestBundles.bundle())
        server.set(.init(etag: served.etag, body: served.body))
        server.setPost(.init(body: Data(Self.document.utf8)))
        let client = Self.client(server)
        try await client.sync()
        let status = try await client.postTransaction(Self.jws, customer: Self.customer)
        server.stop()
        #expect(try client.access(status.entitlements).unlocks("export"))
    }

    static let problems: [(kind: String, status: Int)] = [
        ("invalid-signature", 400), ("wrong-app", 400), ("unsupported-environment", 400),
        ("purchase-owned-by-another-customer", 409), ("store-unavailable", 503), ("invalid-input", 400),
    ]

    @Test(arguments: problems)
    func aProblemIsRefusedWithItsKind(_ problem: (kind: String, status: Int)) async throws {
        let server = try FakeBundleServer()
        server.setPost(Self.problem(problem.kind, problem.status, "the \(problem.kind) check failed"))
        let client = Self.client(server)
        let expected = TollgateClientError.refused(kind: problem.kind, status: problem.status,
                                                   detail: "the \(problem.kind) check failed")
        await #expect(throws: expected) { try await client.postTransaction(Self.jws, customer: Self.customer) }
        await #expect(throws: expected) { try await client.evaluate(customer: Self.customer) }
        #expect(expected.description
            == "the server refused the request (\(problem.status) \(problem.kind)): the \(problem.kind) check failed")
    }

    @Test func anAnswerThatIsNeitherTheDocumentNorAProblemIsAnError() async throws {
        let server = try FakeBundleServer()
        let client = Self.client(server)
        server.setPost(.init(status: 502, body: Data("<html>bad gateway</html>".utf8), contentType: "text/html"))
        await #expect(throws: TollgateClientError.unexpectedStatus(502)) {
            try await client.postTransaction(Self.jws, customer: Self.customer)
        }

        server.setPost(.init(body: Data(Self.document.replacingOccurrences(of: #""credits""#, with: #""balances""#).utf8)))
        await #expect(throws: TollgateClientError.invalidAnswer("credits is missing")) {
            try await client.postTransaction(Self.jws, customer: Self.customer)
        }
        server.setPost(.init(body: Data(Self.document.replacingOccurrences(of: "2026-12-01T00:00:00Z", with: "soon").utf8)))
        do {
            _ = try await client.postTransaction(Self.jws, customer: Self.customer)
            Issue.record("an entitlement whose expires is not a time was read")
        } catch {
            guard case .invalidAnswer(let detail) = error else { throw error }
            #expect(detail.hasPrefix("entitlements.1.expires: "), "\(detail)")
        }
        server.setPost(.init(body: Data("[]".utf8)))
        await #expect { try await client.evaluate(customer: Self.customer) } throws: { error in
            guard case .invalidAnswer = error as? TollgateClientError else { return false }
            return true
        }
    }

    @Test func theCallsAreUnreachableOffline() async throws {
        let server = try FakeBundleServer()
        let client = Self.client(server)
        server.stop()
        for call in [{ _ = try await client.postTransaction(Self.jws, customer: Self.customer) },
                     { _ = try await client.evaluate(customer: Self.customer) }] as [@Sendable () async throws -> Void] {
            await #expect { try await call() } throws: { error in
                guard case .unreachable = error as? TollgateClientError else { return false }
                return true
            }
        }
    }

    @Test func evaluateByCustomerAsksTheServiceAndReadsItsDecision() async throws {
        let policy = try CompiledPolicy(TestBundles.bundle())
        let decision = Evaluator(policy: policy).evaluate(
            EvaluationInput(entitlements: [Entitlement(product: "com.example.demo.pro")]), now: Date())
        // The service's answer: the decision's own JSON with the customer added.
        let json = String(decoding: decision.json(), as: UTF8.self)
        let served = #"{"customer":"user 1/é","# + json.dropFirst()
        let server = try FakeBundleServer()
        server.setPost(.init(body: Data(served.utf8)))
        let client = Self.client(server)

        #expect(try await client.evaluate(customer: Self.customer) == decision)
        let now = try #require(Timestamp("2026-11-29T12:00:00Z")).date
        #expect(try await client.evaluate(customer: Self.customer, environment: .sandbox, consent: .granted, now: now)
            == decision)

        let posts = server.posts
        #expect(posts.map(\.method) == ["POST", "POST"])
        #expect(posts.map(\.target) == ["/v1/apps/demo/evaluate", "/v1/apps/demo/evaluate"])
        #expect(posts.map { $0.headers["content-type"] } == ["application/json", "application/json"])
        #expect(posts.map { String(decoding: $0.body, as: UTF8.self) } == [
            #"{"customer":"user 1/é"}"#,
            #"{"consent":"granted","customer":"user 1/é","environment":"sandbox","now":"2026-11-29T12:00:00Z"}"#,
        ])
    }
}
