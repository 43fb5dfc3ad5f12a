import Foundation
import JSON
import TestGooglePlay
import TestSupport
import Testing
import TollgateEvaluation

/// SIGKILL while `tollgate serve` acknowledges or consumes a Google Play purchase, on SQLite and on PostgreSQL,
/// against a fake Google that answers that one call late: after a restart on the same store, the startup settle
/// and Pub/Sub's redelivery of the same message leave the purchase acknowledged or consumed by exactly one
/// successful call, its credits granted once; a call Google did not take is never made twice while the dead
/// caller's lease holds it, and the redelivery is refused so that Pub/Sub sends it again. Without a kill, failed
/// calls are retried until one succeeds, and only one does.
@Suite(.serialized, .tags(.postgres, .python)) struct PlayKillTests {
    typealias Served = PlayCustomerServiceTests.Served
    static let token = PlayCustomerServiceTests.token
    static let audience = PlayCustomerServiceTests.audience
    static let package = PlayCustomerServiceTests.package
    static let monthly = PlayCustomerServiceTests.monthly
    static let reviews = PlayCustomerServiceTests.reviews
    /// How late the fake answers the call the kill lands in: long enough for the kill to come first, short of the
    /// client's 10 s attempt timeout, so that the client never sends the call twice.
    static let lateBy = 5.0
    let user = "android-user-1"
    let now = Timestamp(Date())

    /// What one purchase is in a test: its token, the notification that names it, the call it needs, and the
    /// product the fake keeps it under (nil for a subscription).
    struct Purchase {
        var token: String
        var notification: String
        /// "acknowledge" or "consume".
        var call: String
        var productID: String?
    }

    func subscription(_ token: String, on served: Served) async throws -> Purchase {
        try await served.google.setSubscription(token: token, json: TestPlay.subscription(
            state: "ACTIVE", productID: Self.monthly, basePlanID: "monthly",
            expiry: Timestamp(secondsSince1970: now.secondsSince1970 + 30 * 86_400), acknowledged: false,
            accountID: user))
        return Purchase(token: token, notification: TestPlay.subscriptionNotification(4, token: token),
                        call: "acknowledge", productID: nil)
    }

    func consumable(_ token: String, on served: Served) async throws -> Purchase {
        try await served.google.setProduct(token: token, productID: Self.reviews, json: TestPlay.product(
            purchaseState: 0, consumed: false, acknowledged: false, accountID: user, orderID: "GPA.\(token)",
            purchaseTime: now))
        return Purchase(token: token, notification: TestPlay.oneTimeNotification(1, token: token, sku: Self.reviews),
                        call: "consume", productID: Self.reviews)
    }

    /// Pushes `purchase`'s notification as Pub/Sub message `id` to the service on `port`; answers the HTTP status
    /// and the answer's `status`, or nil when no answer came (the service was killed).
    func push(_ id: String, _ purchase: Purchase, port: Int) async -> (status: Int, answer: String?)? {
        let body = TestPlay.pushBody(messageID: id, packageName: Self.package, notification: purchase.notification,
                                     eventTime: now)
        guard let token = try? TestPlay.pushToken(audience: Self.audience,
                                                  expires: Timestamp(secondsSince1970: now.secondsSince1970 + 3600))
        else { return nil }
        let response = try? await onThread {
            try RawConnection.exchange(port: port, RawConnection.request(
                "POST", "/v1/apps/lingualeap/notifications/play",
                headers: ["Content-Type: application/json", "Authorization: Bearer \(token)"], body: Array(body.utf8)))
        }
        guard let response else { return nil }
        return (response.status, (try? JSONValue(reading: response.body))?[member: "status"]?.string)
    }

    /// The calls of `purchase`'s kind the fake received for it, answered or in flight (status 0).
    func calls(_ purchase: Purchase, on served: Served) async throws -> [FakeGoogle.Call] {
        try await served.google.calls().filter { $0.kind == purchase.call && $0.token == purchase.token }
    }

    /// How many of `purchase`'s calls Google took (answered 200).
    func made(_ purchase: Purchase, on served: Served) async throws -> Int {
        try await calls(purchase, on: served).filter { $0.status == 200 }.count
    }

    /// Whether the fake holds `purchase` acknowledged, and consumed (a product's `consumptionState` 1).
    func settled(_ purchase: Purchase, on served: Served) async throws -> (acknowledged: Bool, consumed: Bool) {
        let held = try #require(try await served.google.purchase(token: purchase.token, productID: purchase.productID))
        let acknowledgement = held[member: "acknowledgementState"]
        let acknowledged = acknowledgement?.integer == 1
            || acknowledgement?.string == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"
        return (acknowledged, held[member: "consumptionState"]?.integer == 1)
    }

    /// The customer's document as the admin reads it.
    func document(on served: Served) async throws -> JSONValue {
        let response = try await served.server.request("GET", "/v1/apps/lingualeap/customers/\(user)",
                                                       headers: ["Authorization: Bearer \(Self.token)"])
        #expect(response.status == 200)
        return try JSONValue(reading: response.body)
    }

    /// Pushes `purchase` as message `m1`, kills the service once its call is at the fake (answering
    /// `lateBy` seconds late, with `failing` when given, else as Google takes it), waits for the fake to have
    /// answered the call nobody awaits any more, and starts the service again on the same store; says whether the
    /// kill came before the service had the fake's answer.
    func killDuringTheCall(_ purchase: Purchase, failing: Int? = nil, on served: inout Served,
                           backend: StoreBackend) async throws -> Bool {
        try await served.google.delay(token: purchase.token, seconds: Self.lateBy, times: 1, kind: purchase.call)
        if let failing {
            try await served.google.fail(token: purchase.token, status: failing, times: 1, kind: purchase.call)
        }
        let port = served.server.port
        let pushed = Task { await push("m1", purchase, port: port) }
        let reached = try await eventually(within: .seconds(120)) {
            try await calls(purchase, on: served).contains { $0.status == 0 }
        }
        try #require(reached, "the \(purchase.call) call reached the fake")
        await served.server.crash()
        let killedMidCall = try await calls(purchase, on: served).contains { $0.status == 0 }
        let answer = await pushed.value
        if killedMidCall { #expect(answer == nil, "the push was never answered") }
        let answered = try await eventually(within: .seconds(120)) {
            try await calls(purchase, on: served).allSatisfy { $0.status != 0 }
        }
        try #require(answered, "the fake answered the call of the killed service")
        served.server = try await Served.start(served.project, backend: backend, google: served.google)
        return killedMidCall
    }

    @Test(arguments: StoreBackend.allCases)
    func aKillDuringTheAcknowledgementLeavesItMadeOnce(_ backend: StoreBackend) async throws {
        var served = try await Served(backend)
        defer { served.remove() }
        let purchase = try await subscription("sub-kill", on: served)
        _ = try await killDuringTheCall(purchase, on: &served, backend: backend)
        #expect(try await made(purchase, on: served) == 1, "Google took the call the kill interrupted")
        let again = await push("m1", purchase, port: served.server.port)
        #expect(again?.status == 200)
        #expect(again?.answer == "duplicate")
        #expect(try await settled(purchase, on: served).acknowledged)
        #expect(try await made(purchase, on: served) == 1, "and it is never made again")
        let states = try await document(on: served)[member: "entitlements"]?.elements?.map {
            $0[member: "state"]?.string
        }
        #expect(states == ["active"])
        #expect(await served.server.stop() == 0)
        served.server = try await Served.start(served.project, backend: backend, google: served.google)
        #expect(await push("m1", purchase, port: served.server.port)?.answer == "duplicate")
        #expect(try await made(purchase, on: served) == 1, "a second restart finds nothing to settle")
    }

    @Test(arguments: StoreBackend.allCases)
    func aKillDuringTheConsumptionGrantsTheCreditsOnce(_ backend: StoreBackend) async throws {
        var served = try await Served(backend)
        defer { served.remove() }
        let purchase = try await consumable("coins-kill", on: served)
        _ = try await killDuringTheCall(purchase, on: &served, backend: backend)
        #expect(try await made(purchase, on: served) == 1, "Google took the call the kill interrupted")
        let again = await push("m1", purchase, port: served.server.port)
        #expect(again?.status == 200)
        #expect(again?.answer == "duplicate")
        #expect(try await settled(purchase, on: served) == (true, true))
        #expect(try await made(purchase, on: served) == 1, "and it is never made again")
        let acknowledgements = try await served.google.calls().filter {
            $0.kind == "acknowledge" && $0.token == purchase.token
        }
        #expect(acknowledgements.isEmpty, "consuming acknowledges")
        #expect(try await document(on: served)[member: "credits"] == .object(["speaking-reviews": .number(5)]))
    }

    @Test(arguments: StoreBackend.allCases)
    func aCallGoogleDidNotTakeIsNotMadeTwiceWhileTheDeadCallerHoldsIt(_ backend: StoreBackend) async throws {
        var served = try await Served(backend)
        defer { served.remove() }
        let purchase = try await subscription("sub-lost", on: served)
        let killedMidCall = try await killDuringTheCall(purchase, failing: 503, on: &served, backend: backend)
        guard killedMidCall else { return }
        // The dead service's claim on the call lasts a minute: until then nobody makes it again, and the
        // redelivery is refused so that Pub/Sub keeps the message rather than it being answered with the call unmade.
        let again = await push("m1", purchase, port: served.server.port)
        #expect(again?.status == 503)
        #expect(try await made(purchase, on: served) == 0)
        #expect(try await calls(purchase, on: served).count == 1, "no second call while the claim holds")
        #expect(try await settled(purchase, on: served).acknowledged == false)
        let states = try await document(on: served)[member: "entitlements"]?.elements?.map {
            $0[member: "state"]?.string
        }
        #expect(states == ["active"], "the purchase is committed, its acknowledgement still due")
    }

    @Test(arguments: StoreBackend.allCases)
    func failedCallsAreRetriedUntilExactlyOneIsMade(_ backend: StoreBackend) async throws {
        let served = try await Served(backend)
        defer { served.remove() }
        // Two 503s: the client retries them within its budget, and the push is answered once the third is made.
        let retried = try await subscription("sub-503", on: served)
        try await served.google.fail(token: retried.token, status: 503, times: 2, kind: "acknowledge")
        let first = await push("m1", retried, port: served.server.port)
        #expect(first?.status == 200)
        #expect(first?.answer == "applied")
        #expect(try await calls(retried, on: served).map(\.status) == [503, 503, 200])
        #expect(try await settled(retried, on: served).acknowledged)
        // A refusal the client does not retry: the push is answered 503, and Pub/Sub's redelivery makes the call.
        let refused = try await consumable("coins-403", on: served)
        try await served.google.fail(token: refused.token, status: 403, times: 1, kind: "consume")
        #expect(await push("m2", refused, port: served.server.port)?.status == 503)
        #expect(try await document(on: served)[member: "credits"] == .object(["speaking-reviews": .number(5)]),
                "the credits are committed before the consumption")
        let redelivered = await push("m2", refused, port: served.server.port)
        #expect(redelivered?.status == 200)
        #expect(redelivered?.answer == "duplicate")
        #expect(await push("m2", refused, port: served.server.port)?.answer == "duplicate")
        #expect(try await calls(refused, on: served).map(\.status) == [403, 200])
        #expect(try await settled(refused, on: served) == (true, true))
        #expect(try await document(on: served)[member: "credits"] == .object(["speaking-reviews": .number(5)]))
        #expect(try await made(retried, on: served) == 1)
    }
}
