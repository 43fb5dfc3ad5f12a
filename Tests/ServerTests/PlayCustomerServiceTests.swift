import Foundation
import TestGooglePlay
import TestSupport
import Testing
import TollgateEvaluation

/// An Android customer's whole life over HTTP, on a real `tollgate serve` with SQLite and with PostgreSQL, against
/// a fake Google on loopback (its token endpoint checks Tollgate's grants with google-auth): a subscription bought,
/// renewed, in grace, on hold, recovered, paused, canceled and expired, revoked; a one-time purchase the app posts;
/// a consumable bought, spent and voided; with duplicate messages and a restart, and every granted purchase
/// acknowledged or consumed exactly once.
@Suite(.serialized, .tags(.postgres, .python)) struct PlayCustomerServiceTests {
    static let token = "s3cret"
    static let audience = "https://tollgate.example.com/v1/apps/lingualeap/notifications/play"
    static let package = "com.example.lingualeap"
    static let monthly = "com.example.lingualeap.pro.monthly"
    static let reviews = "com.example.lingualeap.reviews.5"
    static let pass = "com.example.lingualeap.exam.pass"
    static let day: Int64 = 86_400
    let user = "android-user-1"
    /// The story is told around the service's own clock.
    let now = Timestamp(Date())

    func days(_ count: Int64) -> Timestamp {
        Timestamp(secondsSince1970: now.secondsSince1970 + count * Self.day)
    }

    /// A served project whose customers are kept in the store of `backend`, reading Play from `google`.
    struct Served {
        let project: PublishingProject
        let database: TestDatabase?
        let google: FakeGoogle
        var server: ServedTollgate

        init(_ backend: StoreBackend) async throws {
            (project, database) = try await PublishingProject.on(backend, label: "play_life")
            google = try await FakeGoogle.start()
            server = try await Self.start(project, backend: backend, google: google)
        }

        static func start(_ project: PublishingProject, backend: StoreBackend,
                          google: FakeGoogle) async throws -> ServedTollgate {
            try await ServedTollgate(
                in: project.folder,
                options: (backend == .postgres ? ["--store", project.store] : []) + [
                    "--play-service-account", google.serviceAccountFile().path,
                    "--play-push-audience", PlayCustomerServiceTests.audience,
                    "--google-certs-url", google.certsURL.absoluteString,
                    "--google-api-url", google.baseURL.absoluteString,
                ],
                environment: ["TOLLGATE_ADMIN_TOKEN": PlayCustomerServiceTests.token])
        }

        mutating func restart(_ backend: StoreBackend) async throws {
            #expect(await server.stop() == 0)
            server = try await Self.start(project, backend: backend, google: google)
        }

        func remove() {
            google.stop()
            project.remove()
            database?.drop()
        }
    }

    /// Pushes `notification` as Pub/Sub message `id`, with a token for `audience`; answers the HTTP status and body.
    func push(_ id: String, _ notification: String, to served: Served, package: String = Self.package,
              audience: String = Self.audience) async throws -> (status: Int, body: [String: Any]) {
        let body = TestPlay.pushBody(messageID: id, packageName: package, notification: notification, eventTime: now)
        let token = try TestPlay.pushToken(audience: audience, expires: Timestamp(secondsSince1970: now.secondsSince1970 + 3600))
        let response = try await served.server.request("POST", "/v1/apps/lingualeap/notifications/play", json: body,
                                                    headers: ["Authorization: Bearer \(token)"])
        return (response.status, try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:])
    }

    /// Pushes a notification that must be answered 200; answers its status.
    func deliver(_ id: String, _ notification: String, to served: Served) async throws -> String {
        let (status, body) = try await push(id, notification, to: served)
        #expect(status == 200, "\(body)")
        return body["status"] as? String ?? "status \(status)"
    }

    /// Sets what Google answers for the subscription `sub-1`.
    func subscription(_ state: String, expiry: Timestamp, acknowledged: Bool = true, autoRenew: Bool = true,
                      on served: Served) async throws {
        try await served.google.setSubscription(token: "sub-1", json: TestPlay.subscription(
            state: state, productID: Self.monthly, basePlanID: "monthly", expiry: expiry, acknowledged: acknowledged,
            accountID: user, autoRenew: autoRenew))
    }

    /// The customer's document, production unless `sandbox`.
    func document(on served: Served, sandbox: Bool = false) async throws -> [String: Any] {
        let response = try await served.server.request(
            "GET", "/v1/apps/lingualeap/customers/\(user)\(sandbox ? "?environment=sandbox" : "")",
            headers: ["Authorization: Bearer \(Self.token)"])
        #expect(response.status == 200)
        return try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    /// The customer's entitlement states by product.
    func states(on served: Served, sandbox: Bool = false) async throws -> [String: String] {
        let entries = try await document(on: served, sandbox: sandbox)["entitlements"] as? [[String: Any]] ?? []
        return Dictionary(entries.compactMap { entry in
            (entry["product"] as? String).map { ($0, entry["state"] as? String ?? "") }
        }) { first, _ in first }
    }

    /// How many calls of `kind` Google received for `token`.
    func calls(_ kind: String, _ token: String, on served: Served) async throws -> Int {
        try await served.google.calls().filter { $0.kind == kind && $0.token == token && $0.status == 200 }.count
    }

    @Test(arguments: StoreBackend.allCases) func anAndroidCustomersWholeLife(_ backend: StoreBackend) async throws {
        var served = try await Served(backend)
        defer { served.remove() }
        // Bought: the obfuscated account id claims it, and Tollgate acknowledges it once.
        try await subscription("ACTIVE", expiry: days(30), acknowledged: false, on: served)
        #expect(try await deliver("m1", TestPlay.subscriptionNotification(4, token: "sub-1"), to: served) == "applied")
        #expect(try await deliver("m1", TestPlay.subscriptionNotification(4, token: "sub-1"), to: served) == "duplicate")
        #expect(try await states(on: served) == [Self.monthly: "active"])
        #expect(try await calls("acknowledge", "sub-1", on: served) == 1)
        try await subscription("ACTIVE", expiry: days(60), on: served)
        #expect(try await deliver("m2", TestPlay.subscriptionNotification(2, token: "sub-1"), to: served) == "applied")
        let renewed = try await document(on: served)["entitlements"] as? [[String: Any]] ?? []
        #expect(renewed.first?["expires"] as? String == days(60).description)
        #expect(renewed.first?["store"] as? String == "play")
        try await subscription("IN_GRACE_PERIOD", expiry: days(3), on: served)
        #expect(try await deliver("m3", TestPlay.subscriptionNotification(6, token: "sub-1"), to: served) == "applied")
        #expect(try await states(on: served) == [Self.monthly: "grace_period"])
        try await subscription("ON_HOLD", expiry: days(-1), on: served)
        #expect(try await deliver("m4", TestPlay.subscriptionNotification(5, token: "sub-1"), to: served) == "applied")
        #expect(try await states(on: served) == [Self.monthly: "billing_retry"])
        try await subscription("ACTIVE", expiry: days(30), on: served)
        #expect(try await deliver("m5", TestPlay.subscriptionNotification(1, token: "sub-1"), to: served) == "applied")
        #expect(try await states(on: served) == [Self.monthly: "active"])

        try await served.restart(backend)
        #expect(try await deliver("m5", TestPlay.subscriptionNotification(1, token: "sub-1"), to: served) == "duplicate",
                "a message seen before the restart is a duplicate after it")
        try await subscription("PAUSED", expiry: days(-1), on: served)
        #expect(try await deliver("m6", TestPlay.subscriptionNotification(10, token: "sub-1"), to: served) == "applied")
        #expect(try await states(on: served) == [Self.monthly: "expired"])
        try await subscription("CANCELED", expiry: days(10), autoRenew: false, on: served)
        #expect(try await deliver("m7", TestPlay.subscriptionNotification(3, token: "sub-1"), to: served) == "applied")
        let canceled = try await document(on: served)["entitlements"] as? [[String: Any]] ?? []
        #expect(canceled.first?["state"] as? String == "active", "canceled keeps access until the period ends")
        #expect(canceled.first?["will_renew"] as? Bool == false)
        try await subscription("EXPIRED", expiry: days(-1), on: served)
        #expect(try await deliver("m8", TestPlay.subscriptionNotification(13, token: "sub-1"), to: served) == "applied")
        #expect(try await states(on: served) == [Self.monthly: "expired"])
        #expect(try await deliver("m9", TestPlay.voidedNotification(token: "sub-1", productType: 1), to: served) == "applied")
        #expect(try await states(on: served) == [Self.monthly: "revoked"])

        // A one-time purchase the app posts; a consumable bought, spent and voided.
        try await served.google.setProduct(token: "pass-1", productID: Self.pass, json: TestPlay.product(
            purchaseState: 0, consumed: false, acknowledged: false, orderID: "GPA.1", purchaseTime: now))
        let posted = try await served.server.request(
            "POST", "/v1/apps/lingualeap/customers/\(user)/transactions",
            json: #"{"store":"play","product":"\#(Self.pass)","purchase_token":"pass-1"}"#)
        #expect(posted.status == 200, "\(String(decoding: posted.body, as: UTF8.self))")
        #expect(try await states(on: served)[Self.pass] == "active")
        try await served.google.setProduct(token: "coins-1", productID: Self.reviews, json: TestPlay.product(
            purchaseState: 0, consumed: false, acknowledged: false, accountID: user, orderID: "GPA.2", quantity: 2,
            purchaseTime: now))
        #expect(try await deliver("m10", TestPlay.oneTimeNotification(1, token: "coins-1", sku: Self.reviews), to: served) == "applied")
        #expect(try await deliver("m10", TestPlay.oneTimeNotification(1, token: "coins-1", sku: Self.reviews), to: served) == "duplicate")
        #expect(try await document(on: served)["credits"] as? [String: Int] == ["speaking-reviews": 10])
        let spent = try await served.server.request(
            "POST", "/v1/apps/lingualeap/customers/\(user)/credits/speaking-reviews/spend",
            json: #"{"amount": 3, "idempotency_key": "review-1"}"#, headers: ["Authorization: Bearer \(Self.token)"])
        #expect(spent.status == 200)
        #expect(try await deliver("m11", TestPlay.voidedNotification(token: "coins-1", productType: 2), to: served) == "applied")
        #expect(try await document(on: served)["credits"] as? [String: Int] == ["speaking-reviews": -3])

        // Sandbox: a license tester's purchase counts only for sandbox requests.
        try await served.google.setSubscription(token: "sub-test", json: TestPlay.subscription(
            state: "ACTIVE", productID: Self.monthly, basePlanID: nil, expiry: days(1), acknowledged: true, test: true,
            accountID: user))
        #expect(try await deliver("m12", TestPlay.subscriptionNotification(4, token: "sub-test"), to: served) == "applied")
        #expect(try await states(on: served, sandbox: true) == [Self.monthly: "active"])

        // Every granted purchase was told to Google exactly once.
        #expect(try await calls("acknowledge", "sub-1", on: served) == 1)
        #expect(try await calls("acknowledge", "pass-1", on: served) == 1)
        #expect(try await calls("consume", "coins-1", on: served) == 1)
        #expect(try await calls("acknowledge", "coins-1", on: served) == 0, "consuming acknowledges")
        #expect(try await served.google.grants() == 2, "one token grant per run of the service")
        let metrics = try await served.server.request("GET", "/metrics")
        #expect(String(decoding: metrics.body, as: UTF8.self)
            .contains(#"tollgate_store_notifications_total{store="play",status="applied"}"#))
    }

    @Test func pushesThatCannotBeTakenAreRefusedOrIgnored() async throws {
        let served = try await Served(.sqlite)
        defer { served.remove() }
        let body = TestPlay.pushBody(messageID: "x1", packageName: Self.package,
                                     notification: TestPlay.testNotification, eventTime: now)
        let anonymous = try await served.server.request("POST", "/v1/apps/lingualeap/notifications/play", json: body)
        #expect(anonymous.status == 401, "no token: Pub/Sub retries")
        #expect(try await push("x1", TestPlay.testNotification, to: served,
                               audience: "https://elsewhere.example").status == 401)
        #expect(try await deliver("x1", TestPlay.testNotification, to: served) == "test")
        let other = try await push("x2", TestPlay.subscriptionNotification(4, token: "t"), to: served, package: "com.example.other")
        #expect(other.status == 200)
        #expect(other.body["status"] as? String == "ignored")
        #expect(other.body["reason"] as? String == "other-package")
        let unknown = try await push("x3", TestPlay.subscriptionNotification(4, token: "no-such-token"), to: served)
        #expect(unknown.body["status"] as? String == "ignored")
        #expect(unknown.body["reason"] as? String == "purchase-not-found")
        #expect(served.server.log.contains(#""reason":"purchase-not-found""#), "an ignored message is logged")
        let unreadable = try await served.server.request(
            "POST", "/v1/apps/lingualeap/notifications/play", json: #"{"message":{"messageId":"x4","data":"%%%"}}"#,
            headers: ["Authorization: Bearer \(try TestPlay.pushToken(audience: Self.audience, expires: Timestamp(secondsSince1970: now.secondsSince1970 + 3600)))"])
        #expect(unreadable.status == 200)
        #expect(String(decoding: unreadable.body, as: UTF8.self).contains(#""reason":"unreadable-message""#))
    }
}
