import Customers
import Foundation
import PlayDeveloperAPI
import Purchases
import Store
import StoreSignatures
import TestGooglePlay
import TestSupport
import Testing
import TollgateEvaluation

/// Google Play's customers through the ledger, with the Developer API in memory: pushes authenticated, purchases
/// read and committed once per message, and every granted purchase acknowledged or consumed exactly once, across
/// retries, failed calls and a restart; on SQLite and on PostgreSQL alike.
@Suite(.tags(.postgres)) struct PlayLedgerTests {
    static let audience = "https://tollgate.example.com/v1/apps/lingualeap/notifications/play"
    static let package = "com.example.lingualeap"
    static let monthly = "com.example.lingualeap.pro.monthly"
    static let reviews = "com.example.lingualeap.reviews.5"
    static let pass = "com.example.lingualeap.exam.pass"
    static let policy = CustomerPolicy(
        app: "lingualeap", bundleID: "com.example.lingualeap", appleID: nil, restore: .transfer,
        products: [
            monthly: ProductFacts(type: .autoRenewable, period: .init(months: 1, days: 0)),
            reviews: ProductFacts(type: .consumable, credits: CreditGrant(currency: "speaking-reviews", amount: 5)),
            pass: ProductFacts(type: .nonRenewing, period: .init(months: 3, days: 0)),
        ],
        packageName: package)
    /// 2026-12-01T00:00:00Z.
    static let start = Timestamp(secondsSince1970: 1_796_083_200)
    static let day: Int64 = 86_400
    /// When the push tokens made at `start` expire.
    static let inAnHour = Timestamp(secondsSince1970: start.secondsSince1970 + 3600)
    let user = try! CustomerID("android-user-1")

    /// A ledger on a store of the test's own, reading Play through `api`.
    struct Ledger {
        let store: BackendStore
        let api = StubPlayAPI()
        let ledger: CustomerLedger

        init(_ backend: StoreBackend) throws {
            store = try BackendStore(backend, label: "play")
            ledger = try Self.ledger(on: store, api: api)
        }

        static func ledger(on store: BackendStore, api: StubPlayAPI) throws -> CustomerLedger {
            let signer = try RS256Signer(privateKeyPEM: String(contentsOfFile: Fixtures.path("google/service-account-key.pem"),
                                                               encoding: .utf8))
            let keys = try JWKS(json: Array(#"{"keys":[\#(try signer.publicJWK(kid: TestPlay.keyID))]}"#.utf8))
            return CustomerLedger(stores: StorePool(location: StoreLocation(store.location)), roots: .apple,
                                  play: PlayAccess(api: api, keys: KeySetCache { (keys, nil) },
                                                   push: PushTokenPolicy(audience: PlayLedgerTests.audience)))
        }

        func remove() { store.remove() }
    }

    static func at(days: Int64) -> Timestamp {
        Timestamp(secondsSince1970: start.secondsSince1970 + days * day)
    }

    /// Pushes `notification` (the one member of a DeveloperNotification) as message `id` at `now`.
    static func push(_ id: String, _ notification: String, to ledger: CustomerLedger, at now: Timestamp,
                     package: String = package) async throws(CustomerError) -> NotificationReceipt {
        let token = try! TestPlay.pushToken(audience: audience, expires: Timestamp(secondsSince1970: now.secondsSince1970 + 3600))
        let body = TestPlay.pushBody(messageID: id, packageName: package, notification: notification, eventTime: now)
        return try await ledger.receivePlayNotification(Array(body.utf8), authorization: "Bearer \(token)",
                                                        policy: policy, now: now)
    }

    func states(_ ledger: CustomerLedger, at now: Timestamp, environment: StoreEnvironment = .production)
        throws -> [String: EntitlementState] {
        let document = try ledger.document(of: user, environment: environment, policy: Self.policy, now: now)
        return Dictionary(document.entitlements.map { ($0.product, $0.state) }) { first, _ in first }
    }

    @Test(arguments: StoreBackend.allCases) func aSubscriptionIsReadClaimedAndAcknowledgedOnce(_ backend: StoreBackend) async throws {
        let play = try Ledger(backend)
        defer { play.remove() }
        play.api.set("sub-1", TestPlay.subscription(state: "SUBSCRIPTION_STATE_ACTIVE", productID: Self.monthly,
                                                    basePlanID: "monthly", expiry: Self.at(days: 30), acknowledged: false,
                                                    accountID: user.text))
        let receipt = try await Self.push("m1", TestPlay.subscriptionNotification(4, token: "sub-1"), to: play.ledger, at: Self.start)
        #expect(receipt.status == .applied)
        #expect(receipt.notification == "m1")
        #expect(receipt.customer == user, "the obfuscated account id claims the purchase")
        #expect(try states(play.ledger, at: Self.at(days: 1)) == [Self.monthly: .active])
        #expect(try states(play.ledger, at: Self.at(days: 31)) == [Self.monthly: .expired])
        #expect(play.api.calls("acknowledge") == [.init(kind: "acknowledge", token: "sub-1")])
        let again = try await Self.push("m1", TestPlay.subscriptionNotification(4, token: "sub-1"), to: play.ledger, at: Self.start)
        #expect(again.status == .duplicate)
        #expect(again.customer == user)
        #expect(play.api.calls("get").count == 1, "a duplicate with nothing pending is not read again")
        let renewed = try await Self.push("m2", TestPlay.subscriptionNotification(2, token: "sub-1"), to: play.ledger, at: Self.at(days: 1))
        #expect(renewed.status == .applied)
        #expect(play.api.calls("acknowledge").count == 1, "an acknowledged purchase is never acknowledged again")
        let document = try play.ledger.document(of: user, environment: .production, policy: Self.policy, now: Self.at(days: 1))
        let entry = try #require(document.entitlements.first)
        #expect(entry.store == .play)
        #expect(entry.originalTransaction == "sub-1")
        #expect(entry.expires == Self.at(days: 30))
        #expect(entry.willRenew)
        #expect(document.history.contains { $0.event == "SUBSCRIPTION_PURCHASED" && $0.store == "play" })
    }

    @Test(arguments: StoreBackend.allCases) func aFailedAcknowledgementIsRetriedUntilItIsMade(_ backend: StoreBackend) async throws {
        let play = try Ledger(backend)
        defer { play.remove() }
        play.api.set("sub-2", TestPlay.subscription(state: "SUBSCRIPTION_STATE_ACTIVE", productID: Self.monthly,
                                                    basePlanID: nil, expiry: Self.at(days: 30), acknowledged: false,
                                                    accountID: user.text))
        play.api.fail("acknowledge", with: [.unavailable("503 from Google")])
        await #expect(throws: CustomerError.self) {
            try await Self.push("m1", TestPlay.subscriptionNotification(4, token: "sub-2"), to: play.ledger, at: Self.start)
        }
        #expect(try states(play.ledger, at: Self.at(days: 1)) == [Self.monthly: .active],
                "the purchase is committed though its acknowledgement failed")
        let retried = try await Self.push("m1", TestPlay.subscriptionNotification(4, token: "sub-2"), to: play.ledger, at: Self.start)
        #expect(retried.status == .duplicate)
        #expect(play.api.calls("acknowledge").count == 2)
        let later = try await Self.push("m2", TestPlay.subscriptionNotification(2, token: "sub-2"), to: play.ledger, at: Self.at(days: 1))
        #expect(later.status == .applied)
        #expect(play.api.calls("acknowledge").count == 2, "one failed call and one made: never a third")
    }

    @Test(arguments: StoreBackend.allCases) func aCallHeldByACallerThatDiedIsRetriedOnceItsLeaseRunsOut(
        _ backend: StoreBackend) async throws {
        let play = try Ledger(backend)
        defer { play.remove() }
        play.api.set("sub-3", TestPlay.subscription(state: "SUBSCRIPTION_STATE_ACTIVE", productID: Self.monthly,
                                                    basePlanID: nil, expiry: Self.at(days: 30), acknowledged: false,
                                                    accountID: user.text))
        play.api.fail("acknowledge", with: [.unavailable("503 from Google")])
        await #expect(throws: CustomerError.self) {
            try await Self.push("m1", TestPlay.subscriptionNotification(4, token: "sub-3"), to: play.ledger, at: Self.start)
        }
        // A caller claims the call, then dies making it: its lease holds for a minute.
        let action = PurchaseAction(key: PurchaseKey(app: "lingualeap", store: "play", purchase: "sub-3"),
                                    action: "acknowledge-subscription:\(Self.monthly)")
        let claimed = try StorePool(location: StoreLocation(play.store.location)).write { store throws(StoreError) in
            try store.claimAction(action, now: Self.start, until: Timestamp(secondsSince1970: Self.start.secondsSince1970 + 60))
        }
        #expect(claimed)
        let soon = Timestamp(secondsSince1970: Self.start.secondsSince1970 + 1)
        #expect(await play.ledger.settlePendingPlayPurchases(policy: Self.policy, now: soon) == 1,
                "a call another caller holds is not settled")
        await #expect(throws: CustomerError.self, "the message is sent again rather than answered duplicate") {
            try await Self.push("m1", TestPlay.subscriptionNotification(4, token: "sub-3"), to: play.ledger, at: soon)
        }
        #expect(play.api.calls("acknowledge").count == 1, "the held call is not made twice")
        let later = Timestamp(secondsSince1970: Self.start.secondsSince1970 + 61)
        #expect(try await Self.push("m1", TestPlay.subscriptionNotification(4, token: "sub-3"), to: play.ledger, at: later).status
            == .duplicate)
        #expect(play.api.calls("acknowledge").count == 2, "once the lease runs out the call is made")
        #expect(try await Self.push("m1", TestPlay.subscriptionNotification(4, token: "sub-3"), to: play.ledger, at: later).status
            == .duplicate)
        #expect(play.api.calls("acknowledge").count == 2, "and never again")
    }

    @Test(arguments: StoreBackend.allCases) func aRestartSettlesTheCallsAPreviousRunLeftPending(_ backend: StoreBackend) async throws {
        let play = try Ledger(backend)
        defer { play.remove() }
        play.api.set("coins-1", TestPlay.product(purchaseState: 0, consumed: false, acknowledged: false,
                                                 accountID: user.text, orderID: "GPA.1", quantity: 2,
                                                 purchaseTime: Self.start))
        play.api.fail("consume", with: [.unavailable("connection reset")])
        await #expect(throws: CustomerError.self) {
            try await Self.push("m1", TestPlay.oneTimeNotification(1, token: "coins-1", sku: Self.reviews), to: play.ledger, at: Self.start)
        }
        let balances = try play.ledger.document(of: user, environment: .production, policy: Self.policy, now: Self.start).credits
        #expect(balances == ["speaking-reviews": 10], "credits are added before the consumable is consumed")
        let restarted = try Ledger.ledger(on: play.store, api: play.api)
        #expect(await restarted.settlePendingPlayPurchases(policy: Self.policy, now: Self.at(days: 1)) == 0)
        #expect(play.api.calls("consume").count == 2)
        #expect(await restarted.settlePendingPlayPurchases(policy: Self.policy, now: Self.at(days: 1)) == 0)
        #expect(play.api.calls("consume").count == 2, "nothing is left to settle")
        let again = try await Self.push("m1", TestPlay.oneTimeNotification(1, token: "coins-1", sku: Self.reviews), to: restarted,
                                        at: Self.start)
        #expect(again.status == .duplicate)
        #expect(try restarted.document(of: user, environment: .production, policy: Self.policy, now: Self.start).credits
            == ["speaking-reviews": 10], "credits are added once")
        #expect(play.api.calls("consume").count == 2)
        #expect(play.api.calls("acknowledge").isEmpty, "consuming acknowledges")
    }

    @Test(arguments: StoreBackend.allCases) func aVoidedConsumableTakesItsCreditsBack(_ backend: StoreBackend) async throws {
        let play = try Ledger(backend)
        defer { play.remove() }
        play.api.set("coins-2", TestPlay.product(purchaseState: 0, consumed: false, acknowledged: false,
                                                 accountID: user.text, orderID: "GPA.2", purchaseTime: Self.start))
        _ = try await Self.push("m1", TestPlay.oneTimeNotification(1, token: "coins-2", sku: Self.reviews), to: play.ledger, at: Self.start)
        let voided = try await Self.push("m2", TestPlay.voidedNotification(token: "coins-2", productType: 2), to: play.ledger,
                                         at: Self.at(days: 1))
        #expect(voided.status == .applied)
        #expect(try play.ledger.document(of: user, environment: .production, policy: Self.policy, now: Self.at(days: 1))
            .credits == ["speaking-reviews": 0])
        _ = try await Self.push("m3", TestPlay.voidedNotification(token: "coins-2", productType: 2), to: play.ledger, at: Self.at(days: 2))
        #expect(try play.ledger.document(of: user, environment: .production, policy: Self.policy, now: Self.at(days: 2))
            .credits == ["speaking-reviews": 0], "a refund is taken once")
    }

    @Test(arguments: StoreBackend.allCases) func aPurchaseTheAppPostsIsTheCustomers(_ backend: StoreBackend) async throws {
        let play = try Ledger(backend)
        defer { play.remove() }
        play.api.set("pass-1", TestPlay.product(purchaseState: 0, consumed: false, acknowledged: false, test: true,
                                                orderID: "GPA.3", purchaseTime: Self.start))
        let document = try await play.ledger.recordPlayPurchase(token: "pass-1", product: Self.pass, customer: user,
                                                                policy: Self.policy, now: Self.start)
        #expect(document.environment == .sandbox, "a test purchase is sandbox")
        #expect(document.entitlements.map(\.product) == [Self.pass])
        #expect(try states(play.ledger, at: Self.at(days: 1)).isEmpty, "sandbox purchases count only for sandbox")
        #expect(play.api.calls("acknowledge") == [.init(kind: "acknowledge", token: "pass-1")])
        await #expect(throws: CustomerError.purchaseNotFound("Google Play knows no purchase of '\(Self.pass)' with this token")) {
            try await play.ledger.recordPlayPurchase(token: "unknown", product: Self.pass, customer: user,
                                                     policy: Self.policy, now: Self.start)
        }
    }

    @Test(arguments: StoreBackend.allCases) func pushesTollgateCannotActOnAreIgnoredOnce(_ backend: StoreBackend) async throws {
        let play = try Ledger(backend)
        defer { play.remove() }
        let other = try await Self.push("m1", TestPlay.subscriptionNotification(4, token: "x"), to: play.ledger, at: Self.start,
                                        package: "com.example.other")
        #expect(other.status == .ignored)
        #expect(other.reason == "other-package")
        let again = try await Self.push("m1", TestPlay.subscriptionNotification(4, token: "x"), to: play.ledger, at: Self.start,
                                        package: "com.example.other")
        #expect(again.status == .duplicate)
        let unknown = try await Self.push("m2", TestPlay.subscriptionNotification(4, token: "gone"), to: play.ledger, at: Self.start)
        #expect(unknown.status == .ignored)
        #expect(unknown.reason == "purchase-not-found")
        let test = try await Self.push("m3", TestPlay.testNotification, to: play.ledger, at: Self.start)
        #expect(test.status == .test)
        let unreadable = try await play.ledger.receivePlayNotification(
            Array(#"{"message":{"messageId":"m4","data":"not base64!"}}"#.utf8),
            authorization: "Bearer \(try TestPlay.pushToken(audience: Self.audience, expires: Self.inAnHour))",
            policy: Self.policy, now: Self.start)
        #expect(unreadable.status == .ignored)
        #expect(unreadable.reason == "unreadable-message")
        #expect(unreadable.notification == "m4")
    }

    @Test(arguments: StoreBackend.allCases) func aPushWithoutAGoodTokenIsRefused(_ backend: StoreBackend) async throws {
        let play = try Ledger(backend)
        defer { play.remove() }
        let body = Array(TestPlay.pushBody(messageID: "m1", packageName: Self.package,
                                           notification: TestPlay.testNotification, eventTime: Self.start).utf8)
        let wrong = try TestPlay.pushToken(audience: "https://elsewhere.example", expires: Self.inAnHour)
        for authorization in [nil, "Basic abc", "Bearer not-a-jwt", "Bearer \(wrong)"] {
            await #expect(throws: CustomerError.self) {
                try await play.ledger.receivePlayNotification(body, authorization: authorization, policy: Self.policy,
                                                              now: Self.start)
            }
        }
        do {
            _ = try await play.ledger.receivePlayNotification(body, authorization: "Bearer \(wrong)",
                                                              policy: Self.policy, now: Self.start)
            Issue.record("a token for another audience is accepted")
        } catch {
            #expect(error == .unauthenticated("the token's audience 'https://elsewhere.example' is not the push "
                                              + "subscription's (--play-push-audience)"),
                    "the push answers 401 saying which claim is wrong")
        }
        #expect(play.api.calls.isEmpty)
    }
}
