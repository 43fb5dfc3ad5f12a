import Foundation
import JSON
import PlayDeveloperAPI
import Synchronization
import TestGooglePlay
import TestSupport
import Testing
import TollgateEvaluation

/// `GooglePlayClient` against `FakeGoogle`: the calls, the errors, the retries, and one access token for all of
/// them. The fake's token endpoint verifies each grant's assertion with google-auth (`google.auth.jwt.decode`
/// against the service account's certificate, its own URL as the audience), so every call that gets through is
/// also a check that Tollgate's grants are what Google's library accepts.
@Suite(.tags(.python)) struct GooglePlayClientTests {
    static let packageName = "com.example.lingualeap"

    /// A client of `fake` as the fixture service account (or `account` changed by `change`).
    static func client(_ fake: FakeGoogle, attemptTimeout: Duration = .seconds(5), budget: Duration = .seconds(10),
                       now: @escaping @Sendable () -> Timestamp = { Timestamp(Date()) },
                       change: (inout ServiceAccount) throws -> Void = { _ in }) throws -> GooglePlayClient {
        var account = try ServiceAccount(json: Array(Data(contentsOf: fake.serviceAccountFile())))
        try change(&account)
        return try GooglePlayClient(account: account, apiURL: fake.baseURL, attemptTimeout: attemptTimeout,
                                    budget: budget, now: now)
    }

    static func subscription(acknowledged: Bool = false) -> String {
        TestPlay.subscription(state: "ACTIVE", productID: "pro", basePlanID: "monthly",
                              expiry: Timestamp(secondsSince1970: 1_900_000_000),
                              acknowledged: acknowledged, accountID: "customer-1")
    }

    static func product() -> String {
        TestPlay.product(purchaseState: 0, consumed: false, acknowledged: false, orderID: "GPA.1234-5678-9012-34567",
                         quantity: 2, purchaseTime: Timestamp(secondsSince1970: 1_790_000_000))
    }

    /// The error `body` throws, or nil when it succeeds; another error than a `PlayAPIError` is an issue.
    static func error(_ body: () async throws -> Void) async -> PlayAPIError? {
        do {
            try await body()
            return nil
        } catch let error as PlayAPIError {
            return error
        } catch {
            Issue.record("not a PlayAPIError: \(error)")
            return nil
        }
    }

    @Test func readsASubscriptionAndAProduct() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "sub-token", json: Self.subscription())
        try await fake.setProduct(token: "product-token", productID: "coins_100", json: Self.product())
        let client = try Self.client(fake)
        let subscription = try await client.subscription(packageName: Self.packageName, token: "sub-token")
        #expect(try JSONValue(reading: Array(subscription.utf8)) == JSONValue(reading: Array(Self.subscription().utf8)))
        let product = try await client.product(packageName: Self.packageName, productID: "coins_100",
                                               token: "product-token")
        #expect(try JSONValue(reading: Array(product.utf8)) == JSONValue(reading: Array(Self.product().utf8)))
        let calls = try await fake.calls()
        #expect(calls.map(\.path) == [
            "/androidpublisher/v3/applications/com.example.lingualeap/purchases/subscriptionsv2/tokens/sub-token",
            "/androidpublisher/v3/applications/com.example.lingualeap/purchases/products/coins_100/tokens/product-token",
        ])
        #expect(calls.map(\.status) == [200, 200])
    }

    @Test func pathSegmentsArePercentEncoded() async throws {
        let fake = try await FakeGoogle.start()
        let token = "a/b:c?d e"
        try await fake.setSubscription(token: token, json: Self.subscription())
        _ = try await Self.client(fake).subscription(packageName: Self.packageName, token: token)
        let calls = try await fake.calls()
        #expect(calls.map(\.token) == [token])
        #expect(calls.first?.path.hasSuffix("/tokens/a%2Fb%3Ac%3Fd%20e") == true)
    }

    @Test func acknowledgeAndConsumeAreEachCalledOnce() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "sub-token", json: Self.subscription())
        try await fake.setProduct(token: "product-token", productID: "coins_100", json: Self.product())
        try await fake.setProduct(token: "premium-token", productID: "premium", json: Self.product())
        let client = try Self.client(fake)
        try await client.acknowledgeSubscription(packageName: Self.packageName, productID: "pro", token: "sub-token")
        try await client.consumeProduct(packageName: Self.packageName, productID: "coins_100", token: "product-token")
        try await client.acknowledgeProduct(packageName: Self.packageName, productID: "premium", token: "premium-token")
        let calls = try await fake.calls()
        #expect(calls.map { "\($0.method) \($0.kind) \($0.productID ?? "") \($0.token ?? "") \($0.status)" } == [
            "POST acknowledge pro sub-token 200", "POST consume coins_100 product-token 200",
            "POST acknowledge premium premium-token 200",
        ])
        #expect(calls.first?.path.hasSuffix("/purchases/subscriptions/pro/tokens/sub-token:acknowledge") == true)
        let subscription = try JSONValue(reading: Array(
            try await client.subscription(packageName: Self.packageName, token: "sub-token").utf8))
        #expect(subscription[member: "acknowledgementState"]?.string == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED")
        let consumed = try JSONValue(reading: Array(try await client.product(
            packageName: Self.packageName, productID: "coins_100", token: "product-token").utf8))
        #expect(consumed[member: "consumptionState"]?.integer == 1)
        let acknowledged = try JSONValue(reading: Array(try await client.product(
            packageName: Self.packageName, productID: "premium", token: "premium-token").utf8))
        #expect(acknowledged[member: "acknowledgementState"]?.integer == 1)
        #expect(acknowledged[member: "consumptionState"]?.integer == 0)
    }

    @Test func anUnknownOrGoneTokenIsNotFound() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "gone", json: Self.subscription())
        try await fake.fail(token: "gone", status: 410, times: 1)
        let client = try Self.client(fake)
        #expect(await Self.error { _ = try await client.subscription(packageName: Self.packageName, token: "unknown") }
            == .notFound(status: 404))
        #expect(await Self.error { _ = try await client.subscription(packageName: Self.packageName, token: "gone") }
            == .notFound(status: 410))
        #expect(await Self.error {
            try await client.consumeProduct(packageName: Self.packageName, productID: "coins_100", token: "unknown")
        } == .notFound(status: 404))
        #expect(try await fake.calls().count == 3)
    }

    @Test func transientFailuresAreRetriedWithinTheBudget() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "flaky", json: Self.subscription())
        try await fake.fail(token: "flaky", status: 503, times: 2)
        let client = try Self.client(fake, budget: .seconds(20))
        _ = try await client.subscription(packageName: Self.packageName, token: "flaky")
        #expect(try await fake.calls().map(\.status) == [503, 503, 200])
        try await fake.fail(token: "flaky", status: 429, times: 1)
        _ = try await client.subscription(packageName: Self.packageName, token: "flaky")
        #expect(try await fake.calls().map(\.status).suffix(2) == [429, 200])
    }

    @Test func aSlowAnswerIsGivenUpAndTriedAgain() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "slow", json: Self.subscription())
        try await fake.delay(token: "slow", seconds: 4, times: 1)
        let client = try Self.client(fake, attemptTimeout: .seconds(1), budget: .seconds(10))
        _ = try await client.subscription(packageName: Self.packageName, token: "slow")
        try await fake.delay(token: "slow", seconds: 4, times: 1000)
        let error = await Self.error { _ = try await client.subscription(packageName: Self.packageName, token: "slow") }
        // Each attempt waits 1 s, the last one only what is left of the budget, however busy the machine.
        guard case .unavailable(let reason)? = error else {
            Issue.record("a slow answer is unavailable, not \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("the API cannot be reached: no answer within "), "\(reason)")
    }

    @Test func aFailureThatOutlastsTheBudgetIsUnavailable() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "down", json: Self.subscription())
        try await fake.fail(token: "down", status: 503, times: 1000, message: "The service is currently unavailable.")
        let client = try Self.client(fake, budget: .seconds(8))
        let error = await Self.error { _ = try await client.subscription(packageName: Self.packageName, token: "down") }
        // The last attempt's error stands: Google's 503, or, on a machine too busy to answer in the budget left,
        // a timeout; either way the call is unavailable, never refused.
        guard case .unavailable? = error else { return record("\(String(describing: error))") }
        let calls = try await fake.calls().count
        #expect(calls >= 2)
        #expect(calls < 1000)
    }

    @Test func anotherClientErrorIsRefusedWithGooglesMessage() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "bad", json: Self.subscription())
        try await fake.fail(token: "bad", status: 400, times: 1, message: "Invalid Value")
        let client = try Self.client(fake)
        let error = await Self.error { _ = try await client.subscription(packageName: Self.packageName, token: "bad") }
        #expect(error == .refused(status: 400, message: "Invalid Value"))
        #expect(error?.description == "the Google Play Developer API refused the call (HTTP 400): Invalid Value")
        #expect(try await fake.calls().count == 1)
        let wrongProduct = await Self.error {
            try await client.acknowledgeSubscription(packageName: Self.packageName, productID: "other", token: "bad")
        }
        #expect(wrongProduct == .refused(status: 400,
                                         message: "The product id does not match the subscription's line items."))
    }

    @Test func oneGrantServesManySequentialAndConcurrentCalls() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "sub-token", json: Self.subscription())
        let client = try Self.client(fake)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { _ = try await client.subscription(packageName: Self.packageName, token: "sub-token") }
            }
            try await group.waitForAll()
        }
        for _ in 0..<5 { _ = try await client.subscription(packageName: Self.packageName, token: "sub-token") }
        #expect(try await fake.grants() == 1)
        #expect(client.grantCount == 1)
        #expect(try await fake.calls().count == 25)
    }

    @Test func theTokenIsGrantedAgainAMinuteBeforeItExpires() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "sub-token", json: Self.subscription())
        // The fake checks each assertion's iat and exp against its own clock, so the client's clock starts an hour
        // back and moves towards the present.
        let start = Timestamp(Date()).secondsSince1970 - 3560
        let clock = Clock(start)
        let client = try Self.client(fake, now: { Timestamp(secondsSince1970: clock.seconds) })
        _ = try await client.subscription(packageName: Self.packageName, token: "sub-token")
        clock.seconds = start + 3600 - 61
        _ = try await client.subscription(packageName: Self.packageName, token: "sub-token")
        #expect(try await fake.grants() == 1)
        clock.seconds = start + 3600 - 60
        _ = try await client.subscription(packageName: Self.packageName, token: "sub-token")
        #expect(try await fake.grants() == 2)
    }

    @Test func aRefusedAccessTokenIsGrantedAgainOnce() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "sub-token", json: Self.subscription())
        let client = try Self.client(fake)
        try await fake.fail(token: "sub-token", status: 401, times: 1)
        _ = try await client.subscription(packageName: Self.packageName, token: "sub-token")
        #expect(try await fake.grants() == 2)
        #expect(try await fake.calls().map(\.status) == [401, 200])
        try await fake.fail(token: "sub-token", status: 401, times: 2, message: "Request had invalid credentials.")
        let error = await Self.error {
            _ = try await client.subscription(packageName: Self.packageName, token: "sub-token")
        }
        #expect(error == .refused(status: 401, message: "Request had invalid credentials."))
        #expect(try await fake.grants() == 3)
    }

    @Test func aGrantSignedWithAnotherKeyIsRefused() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "sub-token", json: Self.subscription())
        let client = try Self.client(fake, change: { account in
            account.privateKeyPEM = try String(contentsOfFile: Fixtures.path("google/other-key.pem"), encoding: .utf8)
        })
        let error = await Self.error { _ = try await client.subscription(packageName: Self.packageName, token: "sub-token") }
        guard case .grantRefused(let status, let message)? = error else {
            return record("\(String(describing: error))")
        }
        #expect(status == 400)
        #expect(message.hasPrefix("invalid_grant: Invalid JWT: "))
        #expect(try await fake.calls() == [])
    }

    @Test func aFailingTokenEndpointIsUnavailable() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "sub-token", json: Self.subscription())
        try await fake.failGrants(status: 503, times: 1000)
        let client = try Self.client(fake, budget: .seconds(8))
        let error = await Self.error { _ = try await client.subscription(packageName: Self.packageName, token: "sub-token") }
        guard case .unavailable? = error else { return record("\(String(describing: error))") }
        #expect(try await fake.grants() >= 2)
        #expect(try await fake.calls() == [])
    }

    @Test func anUnreachableAPIIsUnavailable() async throws {
        let fake = try await FakeGoogle.start()
        let account = try ServiceAccount(json: Array(Data(contentsOf: fake.serviceAccountFile())))
        fake.stop()
        let client = try GooglePlayClient(account: account, apiURL: fake.baseURL, attemptTimeout: .seconds(2),
                                          budget: .seconds(1))
        let error = await Self.error { _ = try await client.subscription(packageName: Self.packageName, token: "t") }
        // Refused, or reset while the fake is still on its way out: either way unreachable, and worth retrying.
        guard case .unavailable(let reason)? = error else { return record("\(String(describing: error))") }
        #expect(reason.hasPrefix("the token endpoint cannot be reached: "), "\(reason)")
    }

    @Test func errorsNeverQuoteTheAccessToken() async throws {
        let fake = try await FakeGoogle.start()
        try await fake.setSubscription(token: "sub-token", json: Self.subscription())
        try await fake.fail(token: "sub-token", status: 403, times: 1)
        let client = try Self.client(fake)
        let error = await Self.error { _ = try await client.subscription(packageName: Self.packageName, token: "sub-token") }
        #expect(error == .refused(status: 403, message: "The fake fails this call with 403."))
        #expect(error?.description.contains("ya29") == false)
    }

    /// A clock tests set.
    final class Clock: Sendable {
        private let value: Mutex<Int64>
        init(_ seconds: Int64) { value = Mutex(seconds) }
        var seconds: Int64 {
            get { value.withLock { $0 } }
            set { value.withLock { $0 = newValue } }
        }
    }
}
