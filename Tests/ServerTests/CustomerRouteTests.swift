import Foundation
import Project
import Purchases
import Replication
import Server
import Store
import TestAppStore
import TestSupport
import Testing

/// The customer routes through the router alone, with a real ledger on a SQLite store of the test's own and
/// payloads signed by the test chain: notifications, transactions, the customer document, forgetting, credits,
/// evaluating, resolving and OFREP by customer, the metrics, and every refusal.
@Suite struct CustomerRouteTests {
    static let token = "s3cret"
    static let admin = ["Authorization": "Bearer \(token)"]
    /// The service's clock, in milliseconds: every purchase is told around it.
    static let now = Int64(ExampleService.requestTime.timeIntervalSince1970 * 1000)
    static let day: Int64 = 86_400_000
    static let monthly = "com.example.photocollage.premium.monthly"
    static let removeAds = "com.example.photocollage.removeads"
    static let coins = "com.example.photocollage.coins.100"
    static let entitlementKeys: Set = ["product", "state", "expires", "store", "environment", "original_transaction",
                                       "ownership", "period_type", "will_renew"]

    let signer: AppStoreTestSigner
    let user = "00000000-0000-4000-8000-000000000001"
    let other = "00000000-0000-4000-8000-000000000002"

    init() throws {
        signer = try AppStoreTestSigner()
    }

    /// The example apps served with a ledger on a new SQLite store; `adminToken` nil disables the admin routes.
    static func service(source: PolicySource = ExampleService.source(), adminToken: String? = token) throws
        -> ExampleService
    {
        let path = ExampleService.temporaryStorePath()
        let ledger = CustomerLedger(stores: StorePool(location: .sqlite(path: path)), roots: try AppStoreTestSigner.roots())
        return ExampleService(source: source, adminToken: adminToken, storePath: path, customers: ledger)
    }

    /// A monthly subscription bought a day ago in `environment`, for `customer` by its app account token.
    static func subscription(_ id: String, customer: String?, environment: String = "Production") -> TestTransaction {
        var transaction = TestTransaction(transactionID: id, productID: monthly, purchaseDate: now - day,
                                          expiresDate: now + 29 * day)
        transaction.appAccountToken = customer
        transaction.environment = environment
        return transaction
    }

    /// A notification of `type` carrying `transaction`, in the transaction's environment.
    static func notification(_ type: String, _ transaction: TestTransaction?) -> TestNotification {
        var notification = TestNotification(type: type, signedDate: transaction?.signedDate ?? now - 1000,
                                            transaction: transaction)
        notification.environment = transaction?.environment ?? "Production"
        return notification
    }

    func deliver(_ notification: TestNotification, to service: ExampleService) -> HTTPResponse {
        service.send("POST", "/v1/apps/photocollage/notifications/app-store", json: signer.body(notification))
    }

    func document(_ customer: String, on service: ExampleService, query: [String: String] = [:]) -> HTTPResponse {
        service.send("GET", "/v1/apps/photocollage/customers/\(customer)", headers: Self.admin, query: query)
    }

    /// The problem's kind: the last part of its `type`.
    static func kind(_ response: HTTPResponse) -> String? {
        (response.object["type"] as? String).map { String($0.dropFirst("urn:tollgate:problem:".count)) }
    }

    // MARK: Notifications

    @Test func aNotificationAnswersItsStatusOnceCommitted() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        let subscribed = Self.notification("SUBSCRIBED", Self.subscription("100", customer: user))
        let applied = deliver(subscribed, to: service)
        #expect(applied.status == 200, "\(applied.text)")
        #expect(Set(applied.object.keys) == ["status", "notification", "customer"])
        #expect(applied.object["status"] as? String == "applied")
        #expect(applied.object["notification"] as? String == subscribed.uuid)
        #expect(applied.object["customer"] as? String == user)

        let again = deliver(subscribed, to: service)
        #expect(again.status == 200)
        #expect(again.object["status"] as? String == "duplicate")
        #expect(again.object["customer"] as? String == user)

        let test = deliver(Self.notification("TEST", nil), to: service)
        #expect(test.status == 200, "\(test.text)")
        #expect(test.object["status"] as? String == "test")
        #expect(test.object["customer"] is NSNull)

        let nobodys = deliver(Self.notification("SUBSCRIBED", Self.subscription("101", customer: nil)), to: service)
        #expect(nobodys.status == 200, "\(nobodys.text)")
        #expect(nobodys.object["status"] as? String == "unclaimed")
        #expect(nobodys.object["customer"] is NSNull)

        let entitlements = document(user, on: service).object["entitlements"] as? [[String: Any]] ?? []
        #expect(entitlements.map { $0["product"] as? String } == [Self.monthly])
    }

    @Test func aPayloadThatDoesNotVerifyIsRefusedWithTheCheckAndWithoutThePayload() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        let transaction = Self.subscription("110", customer: user)
        let withoutOID = try AppStoreTestSigner(leaf: "leaf-without-oid")
        let payload = withoutOID.sign(Self.notification("SUBSCRIBED", transaction).json(signing: withoutOID.sign))
        let refused = service.send("POST", "/v1/apps/photocollage/notifications/app-store",
                                   json: #"{"signedPayload": "\#(payload)"}"#)
        #expect(refused.status == 400)
        #expect(refused.header("Content-Type") == "application/problem+json")
        #expect(Self.kind(refused) == "invalid-signature")
        let detail = try #require(refused.object["detail"] as? String)
        #expect(detail.contains("OID"), "\(detail)")
        let segments = payload.split(separator: ".")
        #expect(!segments.contains { detail.contains($0.prefix(24)) }, "\(detail)")

        // A signature that is not the one the leaf made.
        var tampered = Array(signer.sign(Self.notification("SUBSCRIBED", transaction).json(signing: signer.sign)))
        let last = tampered.count - 5
        tampered[last] = tampered[last] == "A" ? "B" : "A"
        let badSignature = service.send("POST", "/v1/apps/photocollage/notifications/app-store",
                                        json: #"{"signedPayload": "\#(String(tampered))"}"#)
        #expect(badSignature.status == 400)
        #expect(Self.kind(badSignature) == "invalid-signature")
        #expect((badSignature.object["detail"] as? String)?.contains("signature") == true)
        // Nothing was stored.
        #expect((document(user, on: service).object["entitlements"] as? [Any])?.isEmpty == true)
    }

    @Test func anotherAppsOrXcodesPayloadIsRefused() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        var another = Self.notification("SUBSCRIBED", Self.subscription("120", customer: user))
        another.bundleID = "com.example.other"
        let wrongApp = deliver(another, to: service)
        #expect(wrongApp.status == 400)
        #expect(Self.kind(wrongApp) == "wrong-app", "\(wrongApp.text)")

        var otherAppleID = Self.notification("SUBSCRIBED", Self.subscription("121", customer: user))
        otherAppleID.appAppleID = 42
        #expect(Self.kind(deliver(otherAppleID, to: service)) == "wrong-app")

        for environment in ["Xcode", "LocalTesting"] {
            let xcode = Self.subscription("122", customer: user, environment: environment)
            let refused = deliver(Self.notification("SUBSCRIBED", xcode), to: service)
            #expect(refused.status == 400)
            #expect(Self.kind(refused) == "unsupported-environment", "\(environment): \(refused.text)")
        }
        #expect((document(user, on: service).object["entitlements"] as? [Any])?.isEmpty == true)
        let metrics = service.send("GET", "/metrics").text
        #expect(metrics.contains(#"tollgate_store_notifications_total{store="app-store",status="wrong-app"} 2"#),
                "\(metrics)")
        #expect(metrics.contains(
            #"tollgate_store_notifications_total{store="app-store",status="unsupported-environment"} 2"#))
    }

    @Test func aSignedPayloadThatIsNoNotificationIsInvalidInput() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        let payload = signer.sign(#"{"signedDate": \#(Self.now - 1000), "notificationUUID": "x"}"#)
        let refused = service.send("POST", "/v1/apps/photocollage/notifications/app-store",
                                   json: #"{"signedPayload": "\#(payload)"}"#)
        #expect(refused.status == 400)
        #expect(Self.kind(refused) == "invalid-input", "\(refused.text)")
        // The metrics count it under the problem kind that refused it.
        let metrics = service.send("GET", "/metrics").text
        #expect(metrics.contains(#"tollgate_store_notifications_total{store="app-store",status="invalid-input"} 1"#),
                "\(metrics)")
    }

    @Test func aBodyTooLargeOrWithoutThePayloadIsRefused() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        let large = service.router.respond(to: HTTPRequest(
            method: "POST", path: "/v1/apps/photocollage/notifications/app-store",
            headers: ["Content-Type": "application/json"], body: [], bodyTooLarge: true))
        #expect(large.status == 413)
        #expect(Self.kind(large) == "body-too-large")
        for body in ["{}", #"{"signedPayload": ""}"#, #"{"signedPayload": 7}"#, #"{"signed_transaction": "a.b.c"}"#] {
            let refused = service.send("POST", "/v1/apps/photocollage/notifications/app-store", json: body)
            #expect(refused.status == 400, "\(body)")
            #expect(Self.kind(refused) == "invalid-input", "\(body): \(refused.text)")
        }
        #expect(service.send("POST", "/v1/apps/photocollage/notifications/app-store", json: "[").status == 400)
        let noTransaction = service.send("POST", "/v1/apps/photocollage/customers/\(user)/transactions", json: "{}")
        #expect(noTransaction.status == 400)
        let unknownApp = service.send("POST", "/v1/apps/nope/notifications/app-store",
                                      json: signer.body(Self.notification("TEST", nil)))
        #expect(unknownApp.status == 404)
    }

    // MARK: Transactions and restores

    @Test func aPostedTransactionAnswersTheCustomersDocument() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        let posted = service.send("POST", "/v1/apps/photocollage/customers/\(other)/transactions",
                                  json: signer.body(Self.subscription("130", customer: nil)))
        #expect(posted.status == 200, "\(posted.text)")
        #expect(Set(posted.object.keys) == ["app", "customer", "environment", "entitlements", "credits", "history"])
        #expect(posted.object["app"] as? String == "photocollage")
        #expect(posted.object["customer"] as? String == other)
        #expect(posted.object["environment"] as? String == "production")
        let entry = try #require((posted.object["entitlements"] as? [[String: Any]])?.first)
        #expect(Set(entry.keys) == Self.entitlementKeys)
        #expect(entry["product"] as? String == Self.monthly)
        #expect(entry["state"] as? String == "active")
        #expect(entry["expires"] as? String == "2026-12-29T12:00:00Z")
        #expect(entry["store"] as? String == "app-store")
        #expect(entry["environment"] as? String == "production")
        #expect(entry["original_transaction"] as? String == "130")
        #expect(entry["ownership"] as? String == "purchased")
        #expect(entry["period_type"] as? String == "normal")
        // No renewal info yet: it will renew only once the renewal info says so.
        #expect(entry["will_renew"] as? Bool == false)
        #expect((posted.object["history"] as? [Any])?.isEmpty == false)
        // The admin route answers the same document.
        #expect(document(other, on: service).text == posted.text)
        var renewal = TestRenewalInfo(originalTransactionID: "130", productID: Self.monthly, signedDate: Self.now - 1000)
        renewal.environment = "Production"
        var renewing = Self.notification("DID_CHANGE_RENEWAL_STATUS", Self.subscription("130", customer: nil))
        renewing.renewal = renewal
        renewing.signedDate = renewal.signedDate
        let renewed = deliver(renewing, to: service)
        #expect(renewed.object["status"] as? String == "applied", "\(renewed.text)")
        #expect(renewed.object["customer"] as? String == other)
        let after = try #require((document(other, on: service).object["entitlements"] as? [[String: Any]])?.first)
        #expect(after["will_renew"] as? Bool == true)
    }

    @Test func aRestoreOnAnotherAccountMovesThePurchaseUnderTransfer() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        var removeAds = TestTransaction(transactionID: "140", productID: Self.removeAds, purchaseDate: Self.now - Self.day)
        removeAds.type = "Non-Consumable"
        removeAds.environment = "Production"
        #expect(service.send("POST", "/v1/apps/photocollage/customers/\(user)/transactions",
                             json: signer.body(removeAds)).status == 200)
        let restored = service.send("POST", "/v1/apps/photocollage/customers/\(other)/transactions",
                                    json: signer.body(removeAds))
        #expect(restored.status == 200, "\(restored.text)")
        #expect((restored.object["entitlements"] as? [[String: Any]])?.map { $0["product"] as? String } == [Self.removeAds])
        #expect((document(user, on: service).object["entitlements"] as? [Any])?.isEmpty == true)
    }

    @Test func aRestoreOnAnotherAccountIsRefusedUnderKeep() throws {
        let project = try PublishingProject()
        defer { project.remove() }
        let file = project.folder.appendingPathComponent("Policies/photocollage.yaml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let keep = text.replacingOccurrences(of: "  restore: transfer ", with: "  restore: keep     ")
        try #require(keep != text)
        try Data(keep.utf8).write(to: file)
        let folder = project.folder.path
        let source = PolicySource(description: "keep", fingerprint: { "keep" }, load: { () throws(ReloadError) in
            try ProjectReleases(folder: folder, validator: .withICU).releases()
        })
        let service = try Self.service(source: source)
        defer { service.removeStore() }
        var removeAds = TestTransaction(transactionID: "150", productID: Self.removeAds, purchaseDate: Self.now - Self.day)
        removeAds.type = "Non-Consumable"
        removeAds.environment = "Production"
        let first = service.send("POST", "/v1/apps/photocollage/customers/\(user)/transactions", json: signer.body(removeAds))
        #expect(first.status == 200, "\(first.text)")
        let refused = service.send("POST", "/v1/apps/photocollage/customers/\(other)/transactions",
                                   json: signer.body(removeAds))
        #expect(refused.status == 409, "\(refused.text)")
        #expect(Self.kind(refused) == "purchase-owned-by-another-customer")
        #expect((document(other, on: service).object["entitlements"] as? [Any])?.isEmpty == true)
        #expect((document(user, on: service).object["entitlements"] as? [[String: Any]])?.count == 1)
        // The unauthenticated answer does not name the owner; both customers' histories say what happened.
        #expect(!refused.text.contains(user))
        func effects(_ customer: String) -> [String] {
            (document(customer, on: service).object["history"] as? [[String: Any]] ?? []).compactMap { $0["effect"] as? String }
        }
        #expect(effects(other).contains("refused: the purchase belongs to another customer"), "\(effects(other))")
        #expect(effects(user).contains { $0.hasPrefix("kept: '\(other)' restored it") }, "\(effects(user))")
    }

    // MARK: The document, forgetting, credits

    @Test func theDocumentNeedsTheAdminToken() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        let path = "/v1/apps/photocollage/customers/\(user)"
        let anonymous = service.send("GET", path)
        #expect(anonymous.status == 401)
        #expect(Self.kind(anonymous) == "unauthorized")
        #expect(service.send("GET", path, headers: ["Authorization": "Bearer wrong"]).status == 401)
        #expect(service.send("DELETE", path).status == 401)
        #expect(service.send("POST", path + "/credits/coins/spend", json: #"{"amount": 1, "idempotency_key": "k"}"#)
            .status == 401)
        let nobody = document(user, on: service)
        #expect(nobody.status == 200)
        #expect(nobody.object["entitlements"] as? [Any] != nil)
        #expect((nobody.object["entitlements"] as? [Any])?.isEmpty == true)
        #expect((nobody.object["credits"] as? [String: Any])?.isEmpty == true)
        #expect((nobody.object["history"] as? [Any])?.isEmpty == true)

        let disabled = try Self.service(adminToken: nil)
        defer { disabled.removeStore() }
        let answer = disabled.send("GET", path, headers: Self.admin)
        #expect(answer.status == 404)
        #expect(Self.kind(answer) == "admin-disabled")
    }

    @Test func sandboxPurchasesCountOnlyForSandbox() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        _ = deliver(Self.notification("SUBSCRIBED", Self.subscription("160", customer: user, environment: "Sandbox")),
                    to: service)
        #expect((document(user, on: service).object["entitlements"] as? [Any])?.isEmpty == true)
        let sandbox = document(user, on: service, query: ["environment": "sandbox"])
        #expect(sandbox.status == 200)
        #expect(sandbox.object["environment"] as? String == "sandbox")
        let entry = try #require((sandbox.object["entitlements"] as? [[String: Any]])?.first)
        #expect(entry["environment"] as? String == "sandbox")
        #expect(document(user, on: service, query: ["environment": "production"]).object["environment"] as? String
            == "production")
        let bad = document(user, on: service, query: ["environment": "xcode"])
        #expect(bad.status == 400)
        #expect(Self.kind(bad) == "invalid-input")
    }

    @Test func aForgottenCustomerReadsAsOneWhoBoughtNothing() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        _ = deliver(Self.notification("SUBSCRIBED", Self.subscription("170", customer: user)), to: service)
        var coins = TestTransaction(transactionID: "171", productID: Self.coins, purchaseDate: Self.now - Self.day)
        coins.type = "Consumable"
        coins.environment = "Production"
        coins.appAccountToken = user
        _ = deliver(Self.notification("ONE_TIME_CHARGE", coins), to: service)
        #expect((document(user, on: service).object["entitlements"] as? [Any])?.count == 1)
        let forgotten = service.send("DELETE", "/v1/apps/photocollage/customers/\(user)", headers: Self.admin)
        #expect(forgotten.status == 204)
        #expect(forgotten.body.isEmpty)
        let after = document(user, on: service)
        #expect(after.status == 200)
        #expect((after.object["entitlements"] as? [Any])?.isEmpty == true)
        #expect((after.object["credits"] as? [String: Any])?.isEmpty == true)
        #expect((after.object["history"] as? [Any])?.isEmpty == true)
        // The purchase stays, owned by no one: posted again, it is theirs again.
        let restored = service.send("POST", "/v1/apps/photocollage/customers/\(user)/transactions",
                                    json: signer.body(Self.subscription("170", customer: user)))
        #expect((restored.object["entitlements"] as? [Any])?.count == 1)
    }

    @Test func creditsAreSpentOncePerKey() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        var coins = TestTransaction(transactionID: "180", productID: Self.coins, purchaseDate: Self.now - Self.day)
        coins.type = "Consumable"
        coins.environment = "Production"
        coins.appAccountToken = user
        #expect(deliver(Self.notification("ONE_TIME_CHARGE", coins), to: service).object["status"] as? String == "applied")
        #expect(document(user, on: service).object["credits"] as? [String: Int] == ["coins": 100])
        let path = "/v1/apps/photocollage/customers/\(user)/credits/coins/spend"
        let spent = service.send("POST", path, json: #"{"amount": 10, "idempotency_key": "order-17"}"#,
                                 headers: Self.admin)
        #expect(spent.status == 200, "\(spent.text)")
        #expect(spent.text == #"{"currency":"coins","balance":90,"spent":10}"#)
        let replayed = service.send("POST", path, json: #"{"amount": 10, "idempotency_key": "order-17"}"#,
                                    headers: Self.admin)
        #expect(replayed.status == 200)
        #expect(replayed.text == spent.text)
        let tooMuch = service.send("POST", path, json: #"{"amount": 91, "idempotency_key": "order-18"}"#,
                                   headers: Self.admin)
        #expect(tooMuch.status == 409)
        #expect(Self.kind(tooMuch) == "insufficient-credits")
        #expect(tooMuch.object["balance"] as? Int == 90)
        for body in [#"{"amount": 0, "idempotency_key": "a"}"#, #"{"amount": -5, "idempotency_key": "a"}"#,
                     #"{"amount": 1.5, "idempotency_key": "a"}"#, #"{"amount": "10", "idempotency_key": "a"}"#,
                     #"{"idempotency_key": "a"}"#, #"{"amount": 1}"#, #"{"amount": 1, "idempotency_key": ""}"#,
                     #"{"amount": 1, "idempotency_key": "a", "note": "x"}"#]
        {
            let refused = service.send("POST", path, json: body, headers: Self.admin)
            #expect(refused.status == 400, "\(body)")
            #expect(Self.kind(refused) == "invalid-input", "\(body): \(refused.text)")
        }
        #expect(document(user, on: service).object["credits"] as? [String: Int] == ["coins": 90])
        // A currency the customer never had: a balance of 0.
        let gems = service.send("POST", "/v1/apps/photocollage/customers/\(user)/credits/gems/spend",
                                json: #"{"amount": 1, "idempotency_key": "order-19"}"#, headers: Self.admin)
        #expect(gems.status == 409)
        #expect(gems.object["balance"] as? Int == 0)
        // A currency longer than 256 bytes is refused before the store is asked.
        let long = service.send("POST", "/v1/apps/photocollage/customers/\(user)/credits/\(String(repeating: "c", count: 257))/spend",
                                json: #"{"amount": 1, "idempotency_key": "order-20"}"#, headers: Self.admin)
        #expect(long.status == 400 && Self.kind(long) == "invalid-input", "\(long.text)")
        // Sandbox credits are their own balance: none of this customer's coins are there.
        let sandbox = service.send("POST", path, json: #"{"amount": 1, "idempotency_key": "order-21", "environment": "sandbox"}"#,
                                   headers: Self.admin)
        #expect(sandbox.status == 409 && sandbox.object["balance"] as? Int == 0, "\(sandbox.text)")
        // The pack refunded after 10 were spent: the balance goes below zero, and says so.
        var refunded = coins
        refunded.revocationDate = Self.now - 1000
        refunded.signedDate = Self.now - 1000
        #expect(deliver(Self.notification("REFUND", refunded), to: service).object["status"] as? String == "applied")
        #expect(document(user, on: service).object["credits"] as? [String: Int] == ["coins": -10])
        let history = document(user, on: service).object["history"] as? [[String: Any]] ?? []
        #expect(history.contains { $0["effect"] as? String == "-100 coins (refund)" }, "\(history)")
    }

    // MARK: Evaluating by customer

    @Test func evaluatingByCustomerUsesTheirPurchases() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        _ = deliver(Self.notification("SUBSCRIBED", Self.subscription("190", customer: user)), to: service)
        let premium = service.send("POST", "/v1/apps/photocollage/evaluate",
                                   json: #"{"customer": "\#(user)", "consent": "granted"}"#)
        #expect(premium.status == 200, "\(premium.text)")
        #expect(premium.object["customer"] as? String == user)
        #expect((premium.object["features"] as? [String: Bool])?["cloud-sync"] == true)
        let given = service.send("POST", "/v1/apps/photocollage/evaluate", json: #"""
            {"entitlements": [{"product": "\#(Self.monthly)", "state": "active"}], "synced": true, "consent": "granted"}
            """#)
        #expect(premium.object["features"] as? [String: Bool] == given.object["features"] as? [String: Bool])
        #expect(premium.object["customer"] != nil && given.object["customer"] == nil)
        // A body the one-pass reader leaves to the general one (an escape) gets the same answer.
        let escaped = service.send("POST", "/v1/apps/photocollage/evaluate",
                                   json: #"{"customer": "\#(user)", "consent": "gr\u0061nted"}"#)
        #expect(escaped.text == premium.text)

        let free = service.send("POST", "/v1/apps/photocollage/evaluate", json: #"{"customer": "\#(other)"}"#)
        #expect(free.status == 200)
        #expect((free.object["features"] as? [String: Bool])?["cloud-sync"] == false)
        // The purchase is a production one: in the sandbox the customer has nothing.
        let sandbox = service.send("POST", "/v1/apps/photocollage/evaluate",
                                   json: #"{"customer": "\#(user)", "environment": "sandbox"}"#)
        #expect((sandbox.object["features"] as? [String: Bool])?["cloud-sync"] == false)

        let both = service.send("POST", "/v1/apps/photocollage/evaluate",
                                json: #"{"customer": "\#(user)", "entitlements": []}"#)
        #expect(both.status == 400)
        #expect(Self.kind(both) == "conflicting-input")
        let environmentAlone = service.send("POST", "/v1/apps/photocollage/evaluate", json: #"{"environment": "sandbox"}"#)
        #expect(environmentAlone.status == 400)
        let nullCustomer = service.send("POST", "/v1/apps/photocollage/evaluate",
                                        json: #"{"customer": null, "environment": "sandbox"}"#)
        #expect(nullCustomer.status == 400)
        let badEnvironment = service.send("POST", "/v1/apps/photocollage/evaluate",
                                          json: #"{"customer": "\#(user)", "environment": "staging"}"#)
        #expect(badEnvironment.status == 400)
        #expect(service.send("POST", "/v1/apps/photocollage/evaluate", json: #"{"customer": ""}"#).status == 400)
        #expect(service.send("POST", "/v1/apps/photocollage/evaluate", json: #"{"customer": 7}"#).status == 400)
    }

    @Test(arguments: ["resolve", "paywall"])
    func placementsByCustomerResolveAsTheCustomersUserWithTheirEntitlements(_ route: String) throws {
        let service = try Self.service()
        defer { service.removeStore() }
        var removeAds = TestTransaction(transactionID: "200", productID: Self.removeAds, purchaseDate: Self.now - Self.day)
        removeAds.type = "Non-Consumable"
        removeAds.environment = "Production"
        #expect(service.send("POST", "/v1/apps/photocollage/customers/\(user)/transactions",
                             json: signer.body(removeAds)).status == 200)
        let prices = #","currency":"USD","prices":{"com.example.photocollage.premium.yearly":"29.99","#
            + #""com.example.photocollage.premium.monthly":"3.99","com.example.photocollage.removeads":"2.99"},"#
            + #""intro_eligible":{"premium":true}"#
        let japan = #""storefront":"JPN","locale":"ja-JP","platform":"ios","app_version":"2.4.1","#
            + #""install_date":"2026-11-25T08:00:00Z","now":"2026-11-29T12:00:00Z""# + (route == "paywall" ? prices : "")
        let path = "/v1/apps/photocollage/placements/onboarding/\(route)"
        let byCustomer = service.send("POST", path, json: #"{"customer": "\#(user)", \#(japan)}"#)
        #expect(byCustomer.status == 200, "\(byCustomer.text)")
        let asUser = service.send("POST", path, json: #"""
            {"user_id": "\#(user)", "entitlements": [{"product": "\#(Self.removeAds)", "state": "active"}],
             "synced": true, \#(japan)}
            """#)
        #expect(asUser.status == 200, "\(asUser.text)")
        let decision = route == "resolve" ? byCustomer.object : byCustomer.object["decision"] as? [String: Any] ?? [:]
        let expected = route == "resolve" ? asUser.object : asUser.object["decision"] as? [String: Any] ?? [:]
        #expect(decision["customer"] as? String == user)
        #expect(expected["customer"] == nil)
        #expect(decision["bucket"] is Int)
        #expect(decision["bucket"] as? Int == expected["bucket"] as? Int)
        for key in ["audience", "experiment", "variant", "paywall", "reason"] {
            #expect(decision[key] as? String == expected[key] as? String, "\(key)")
        }
        if route == "paywall" {
            #expect((byCustomer.object["paywall"] as? [String: Any])?["id"] as? String
                == (asUser.object["paywall"] as? [String: Any])?["id"] as? String)
        }
        let both = service.send("POST", path, json: #"{"customer": "\#(user)", "entitlements": [], \#(japan)}"#)
        #expect(Self.kind(both) == "conflicting-input")
    }

    @Test func ofrepTakesTheTargetingKeysPurchasesWhenTheContextHasNoEntitlements() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        _ = deliver(Self.notification("SUBSCRIBED", Self.subscription("210", customer: user)), to: service)
        func flag(_ context: String) -> Bool? {
            let answer = service.send("POST", "/ofrep/v1/evaluate/flags/cloud-sync", json: #"{"context": \#(context)}"#)
            #expect(answer.status == 200, "\(answer.text)")
            return answer.object["value"] as? Bool
        }
        #expect(flag(#"{"targetingKey": "\#(user)", "app": "photocollage", "consent": "granted"}"#) == true)
        #expect(flag(#"{"targetingKey": "\#(other)", "app": "photocollage", "consent": "granted"}"#) == false)
        #expect(flag(#"{"targetingKey": "\#(user)", "app": "photocollage", "environment": "sandbox"}"#) == false)
        let bulk = service.send("POST", "/ofrep/v1/evaluate/flags",
                                json: #"{"context": {"targetingKey": "\#(user)", "app": "photocollage"}}"#)
        #expect(bulk.status == 200, "\(bulk.text)")
        let flags = bulk.object["flags"] as? [[String: Any]] ?? []
        #expect(flags.first { $0["key"] as? String == "cloud-sync" }?["value"] as? Bool == true)
        // Entitlements in the context are the truth: the customer's purchases are not read.
        #expect(flag(#"{"targetingKey": "\#(user)", "app": "photocollage", "entitlements": [], "synced": true}"#)
            == false)
    }

    // MARK: Metrics and customer ids

    @Test func metricsCountNotificationsAndLookups() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        _ = deliver(Self.notification("SUBSCRIBED", Self.subscription("220", customer: user)), to: service)
        _ = deliver(Self.notification("TEST", nil), to: service)
        _ = document(user, on: service)
        _ = service.send("POST", "/v1/apps/photocollage/evaluate", json: #"{"customer": "\#(user)"}"#)
        let metrics = service.send("GET", "/metrics").text
        #expect(metrics.contains(#"tollgate_store_notifications_total{store="app-store",status="applied"} 1"#),
                "\(metrics)")
        #expect(metrics.contains(#"tollgate_store_notifications_total{store="app-store",status="test"} 1"#))
        #expect(metrics.contains("# TYPE tollgate_customer_lookups_total counter"))
        #expect(metrics.contains("\ntollgate_customer_lookups_total 2\n"), "\(metrics)")
    }

    @Test func anInvalidCustomerIdIsRefused() throws {
        let service = try Self.service()
        defer { service.removeStore() }
        for id in ["a\u{01}b", "tab\there", String(repeating: "a", count: 257), String(repeating: "é", count: 129)] {
            let read = document(id, on: service)
            #expect(read.status == 400, "\(id.utf8.count) bytes")
            #expect(Self.kind(read) == "invalid-input")
            let posted = service.send("POST", "/v1/apps/photocollage/customers/\(id)/transactions",
                                      json: signer.body(Self.subscription("230", customer: nil)))
            #expect(posted.status == 400)
            let escaped = id.unicodeScalars.map { $0.value < 0x20 ? String(format: "\\u%04x", $0.value) : String($0) }
            let evaluated = service.send("POST", "/v1/apps/photocollage/evaluate",
                                         json: #"{"customer": "\#(escaped.joined())"}"#)
            #expect(evaluated.status == 400, "\(evaluated.text)")
            #expect(Self.kind(evaluated) == "invalid-input")
        }
        #expect(service.send("POST", "/v1/apps/photocollage/evaluate", json: #"{"customer": ""}"#).status == 400)
        #expect(document(String(repeating: "a", count: 256), on: service).status == 200)
        #expect(document("ユーザー", on: service).status == 200)
    }

    // MARK: A store that cannot be reached

    @Test func aStoreThatCannotBeReachedIs503SoTheStoreRetries() throws {
        let ledger = CustomerLedger(stores: StorePool(location: .postgres(url: "postgresql://127.0.0.1:1/x")),
                                    roots: try AppStoreTestSigner.roots())
        let service = ExampleService(customers: ledger)
        let answer = deliver(Self.notification("SUBSCRIBED", Self.subscription("240", customer: user)), to: service)
        #expect(answer.status == 503, "\(answer.text)")
        #expect(Self.kind(answer) == "store-unavailable")
        let posted = service.send("POST", "/v1/apps/photocollage/customers/\(user)/transactions",
                                  json: signer.body(Self.subscription("240", customer: nil)))
        #expect(posted.status == 503)
        #expect(Self.kind(posted) == "store-unavailable")
        let evaluated = service.send("POST", "/v1/apps/photocollage/evaluate", json: #"{"customer": "\#(user)"}"#)
        #expect(evaluated.status == 503)
        #expect(Self.kind(evaluated) == "store-unavailable")
        let metrics = service.send("GET", "/metrics").text
        #expect(metrics.contains(#"tollgate_store_notifications_total{store="app-store",status="store-unavailable"} 1"#))
    }
}
