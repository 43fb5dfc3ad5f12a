import Foundation
import TestAppStore
import TestSupport
import Testing

/// A customer's whole life over HTTP, on a real `tollgate serve` with SQLite and with PostgreSQL: purchases,
/// renewals, a failure with grace and its recovery, refunds of an old and of the current renewal, a reversal,
/// an expiry, a restore on a second account, Family Sharing withdrawn and consumables bought, refunded and
/// spent; with retried and out-of-order deliveries mixed in, and a restart in the middle.
@Suite(.serialized, .tags(.postgres)) struct CustomerServiceTests {
    static let token = "s3cret"
    static let day: Int64 = 86_400_000
    let signer: AppStoreTestSigner
    let user = "00000000-0000-4000-8000-000000000001"
    let second = "00000000-0000-4000-8000-000000000002"
    let family = "00000000-0000-4000-8000-000000000003"
    /// Now, in milliseconds: the story is told around the service's own clock.
    let now = Int64(Date().timeIntervalSince1970 * 1000)

    init() throws {
        signer = try AppStoreTestSigner()
    }

    /// A served project whose customers are kept in the store of `backend`.
    struct Served {
        let project: PublishingProject
        let database: TestDatabase?
        var server: ServedTollgate

        init(_ backend: StoreBackend) async throws {
            (project, database) = try await PublishingProject.on(backend, label: "customer_life")
            server = try await Self.start(project, backend: backend)
        }

        static func start(_ project: PublishingProject, backend: StoreBackend) async throws -> ServedTollgate {
            try await ServedTollgate(in: project.folder,
                                     options: (backend == .postgres ? ["--store", project.store] : [])
                                        + ["--apple-root-ca", AppStoreTestSigner.rootFile],
                                     environment: ["TOLLGATE_ADMIN_TOKEN": CustomerServiceTests.token])
        }

        /// Stops the service and starts it again on the same store.
        mutating func restart(_ backend: StoreBackend) async throws {
            #expect(await server.stop() == 0)
            server = try await Self.start(project, backend: backend)
        }

        func remove() {
            project.remove()
            database?.drop()
        }
    }

    /// Posts a notification; answers its status.
    func deliver(_ notification: TestNotification, to served: Served) async throws -> String {
        let response = try await served.server.request("POST", "/v1/apps/photocollage/notifications/app-store",
                                                       json: signer.body(notification))
        let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
        #expect(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
        return body["status"] as? String ?? "status \(response.status)"
    }

    /// The customer's entitlement states by product, read from the customer document.
    func states(_ customer: String, on served: Served) async throws -> [String: String] {
        let document = try await self.document(customer, on: served)
        let entries = document["entitlements"] as? [[String: Any]] ?? []
        return Dictionary(entries.compactMap { entry in
            (entry["product"] as? String).map { ($0, entry["state"] as? String ?? "") }
        }) { first, _ in first }
    }

    func document(_ customer: String, on served: Served) async throws -> [String: Any] {
        let port = served.server.port
        let response = try await onThread {
            try RawConnection.exchange(port: port, RawConnection.request(
                "GET", "/v1/apps/photocollage/customers/\(customer)?environment=sandbox",
                headers: ["Authorization: Bearer \(Self.token)"]))
        }
        #expect(response.status == 200)
        return try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
    }

    static let monthly = "com.example.photocollage.premium.monthly"
    static let yearly = "com.example.photocollage.premium.yearly"
    static let removeAds = "com.example.photocollage.removeads"
    static let coins = "com.example.photocollage.coins.100"

    /// Renewal `index` of a subscription that started `startDaysAgo` days ago with periods of `days` days.
    func renewal(_ index: Int, of original: String, product: String, days: Int64, startDaysAgo: Int64,
                 customer: String) -> TestTransaction {
        let purchase = now - startDaysAgo * Self.day + Int64(index) * days * Self.day
        var transaction = TestTransaction(transactionID: index == 0 ? original : "\(original)\(index)",
                                          originalTransactionID: original, productID: product, purchaseDate: purchase,
                                          expiresDate: purchase + days * Self.day)
        transaction.appAccountToken = customer
        transaction.transactionReason = index == 0 ? "PURCHASE" : "RENEWAL"
        return transaction
    }

    @Test(arguments: StoreBackend.allCases) func aCustomersWholeLife(_ backend: StoreBackend) async throws {
        var served = try await Served(backend)
        defer { served.remove() }
        // Bought 45 days ago, renewed 15 days ago; the old renewal refunded: the current period keeps access.
        let first = renewal(0, of: "100", product: Self.monthly, days: 30, startDaysAgo: 45, customer: user)
        let current = renewal(1, of: "100", product: Self.monthly, days: 30, startDaysAgo: 45, customer: user)
        let subscribed = TestNotification(type: "SUBSCRIBED", subtype: "INITIAL_BUY", signedDate: first.signedDate,
                                          transaction: first)
        #expect(try await deliver(subscribed, to: served) == "applied")
        #expect(try await deliver(subscribed, to: served) == "duplicate")
        #expect(try await deliver(TestNotification(type: "DID_RENEW", signedDate: current.signedDate,
                                                   transaction: current), to: served) == "applied")
        var refundOld = first
        refundOld.revocationDate = now - Self.day
        refundOld.signedDate = now - Self.day
        #expect(try await deliver(TestNotification(type: "REFUND", signedDate: refundOld.signedDate,
                                                   transaction: refundOld), to: served) == "applied")
        // A late copy of the first purchase arrives after its refund: it changes nothing.
        #expect(try await deliver(TestNotification(type: "SUBSCRIBED", signedDate: first.signedDate,
                                                   transaction: first), to: served) == "stale")
        #expect(try await states(user, on: served) == [Self.monthly: "active"])

        // The yearly plan failed to renew five days ago, with a grace period; it recovers.
        let year = renewal(0, of: "200", product: Self.yearly, days: 365, startDaysAgo: 370, customer: second)
        var grace = TestRenewalInfo(originalTransactionID: "200", productID: Self.yearly,
                                    signedDate: year.expiresDate!)
        grace.isInBillingRetryPeriod = true
        grace.gracePeriodExpiresDate = now + Self.day
        #expect(try await deliver(TestNotification(type: "DID_FAIL_TO_RENEW", subtype: "GRACE_PERIOD",
                                                   signedDate: grace.signedDate, transaction: year, renewal: grace),
                                  to: served) == "applied")
        #expect(try await states(second, on: served) == [Self.yearly: "grace_period"])

        try await served.restart(backend)

        let recovered = renewal(1, of: "200", product: Self.yearly, days: 365, startDaysAgo: 5, customer: second)
        var renewing = grace
        renewing.isInBillingRetryPeriod = false
        renewing.gracePeriodExpiresDate = nil
        renewing.signedDate = recovered.signedDate
        #expect(try await deliver(TestNotification(type: "DID_RENEW", subtype: "BILLING_RECOVERY",
                                                   signedDate: recovered.signedDate, transaction: recovered,
                                                   renewal: renewing), to: served) == "applied")
        // The grace notification again, late: Apple retried it.
        #expect(try await deliver(TestNotification(type: "DID_FAIL_TO_RENEW", subtype: "GRACE_PERIOD",
                                                   signedDate: grace.signedDate, transaction: year, renewal: grace),
                                  to: served) == "stale")
        #expect(try await states(second, on: served) == [Self.yearly: "active"])

        // The current monthly renewal refunded, then the refund reversed; then it expires.
        var refundCurrent = current
        refundCurrent.revocationDate = now - 1000
        refundCurrent.signedDate = now - 1000
        _ = try await deliver(TestNotification(type: "REFUND", signedDate: refundCurrent.signedDate,
                                               transaction: refundCurrent), to: served)
        #expect(try await states(user, on: served) == [Self.monthly: "revoked"])
        var reversed = current
        reversed.signedDate = now - 500
        _ = try await deliver(TestNotification(type: "REFUND_REVERSED", signedDate: reversed.signedDate,
                                               transaction: reversed), to: served)
        #expect(try await states(user, on: served) == [Self.monthly: "active"])

        // Remove Ads bought by the first customer, restored on the second account: it moves.
        var removeAds = TestTransaction(transactionID: "300", productID: Self.removeAds, purchaseDate: now - Self.day)
        removeAds.type = "Non-Consumable"
        let posted = try await served.server.request("POST", "/v1/apps/photocollage/customers/\(user)/transactions",
                                                     json: signer.body(removeAds))
        #expect(posted.status == 200)
        let restored = try await served.server.request(
            "POST", "/v1/apps/photocollage/customers/\(second)/transactions", json: signer.body(removeAds))
        #expect(restored.status == 200)
        #expect(try await states(user, on: served)[Self.removeAds] == nil)
        #expect(try await states(second, on: served)[Self.removeAds] == "active")

        // Family Sharing: shared with a family member, then withdrawn.
        var shared = TestTransaction(transactionID: "301", productID: Self.removeAds, purchaseDate: now - Self.day)
        shared.type = "Non-Consumable"
        shared.inAppOwnershipType = "FAMILY_SHARED"
        shared.appAccountToken = family
        _ = try await deliver(TestNotification(type: "SUBSCRIBED", signedDate: shared.signedDate, transaction: shared),
                              to: served)
        var withdrawn = shared
        withdrawn.revocationDate = now - 100
        withdrawn.revocationReason = 0
        withdrawn.signedDate = now - 100
        _ = try await deliver(TestNotification(type: "REVOKE", signedDate: withdrawn.signedDate, transaction: withdrawn),
                              to: served)
        #expect(try await states(family, on: served) == [Self.removeAds: "revoked"])

        // Coins: two packs bought, one refunded, some spent once per key.
        for (id, refunded) in [("400", false), ("401", true)] {
            var pack = TestTransaction(transactionID: id, productID: Self.coins, purchaseDate: now - Self.day)
            pack.type = "Consumable"
            pack.appAccountToken = user
            _ = try await deliver(TestNotification(type: "ONE_TIME_CHARGE", signedDate: pack.signedDate,
                                                   transaction: pack), to: served)
            guard refunded else { continue }
            pack.revocationDate = now - 10
            pack.signedDate = now - 10
            _ = try await deliver(TestNotification(type: "REFUND", signedDate: pack.signedDate, transaction: pack),
                                  to: served)
        }
        let port = served.server.port
        let spend = { @Sendable (amount: Int) throws -> RawResponse in
            try RawConnection.exchange(port: port, RawConnection.request(
                "POST", "/v1/apps/photocollage/customers/\(self.user)/credits/coins/spend",
                headers: ["Authorization: Bearer \(Self.token)", "Content-Type: application/json"],
                body: Array(#"{"amount": \#(amount), "idempotency_key": "spend-\#(amount)", "environment": "sandbox"}"#.utf8)))
        }
        let spent = try await onThread { try spend(30) }
        #expect(spent.status == 200)
        #expect(try await onThread { try spend(30) }.body == spent.body)
        #expect(try await onThread { try spend(500) }.status == 409)
        #expect((try await document(user, on: served)["credits"] as? [String: Int]) == ["coins": 70])

        // Evaluating by customer gives the purchases' features.
        let evaluated = try await served.server.request(
            "POST", "/v1/apps/photocollage/evaluate",
            json: #"{"customer": "\#(second)", "environment": "sandbox", "consent": "granted"}"#)
        let decision = try JSONSerialization.jsonObject(with: Data(evaluated.body)) as? [String: Any] ?? [:]
        #expect(decision["customer"] as? String == second)
        #expect((decision["features"] as? [String: Bool])?["cloud-sync"] == true)
        #expect((decision["ads"] as? [String: Any])?["enabled"] as? Bool == false)
        // Twenty days on, the first customer's monthly period is over: expired, so premium is locked.
        let later = Date(timeIntervalSince1970: Double(now + 20 * Self.day) / 1000).formatted(.iso8601)
        let expired = try await served.server.request(
            "POST", "/v1/apps/photocollage/evaluate",
            json: #"{"customer": "\#(user)", "environment": "sandbox", "now": "\#(later)"}"#)
        let expiredDecision = try JSONSerialization.jsonObject(with: Data(expired.body)) as? [String: Any] ?? [:]
        #expect((expiredDecision["features"] as? [String: Bool])?["cloud-sync"] == false)
        #expect(await served.server.stop() == 0)
    }
}
