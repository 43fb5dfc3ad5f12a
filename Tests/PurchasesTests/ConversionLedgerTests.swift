import Customers
import Purchases
import Store
import TestAppStore
import TestGooglePlay
import TestSupport
import Testing
import TollgateEvaluation

/// Each purchase's conversion row through the real ledger: written with the purchase, flipped to refunded by the
/// refund, unchanged by a retried notification or a renewal; App Store and Play, on SQLite and on PostgreSQL alike.
@Suite(.tags(.postgres)) struct ConversionLedgerTests {
    static func conversions(_ store: BackendStore, app: String) throws -> [PurchaseKey: StoreConversion] {
        try StoreLocation(store.location).openCustomers(.create).storeConversions(app: app)
    }

    @Test(arguments: StoreBackend.allCases) func anAppStorePurchasesConversionIsItsFirstTransaction(
        _ backend: StoreBackend
    ) throws {
        let life = try CustomerLife(backend)
        defer { life.remove() }
        let user = CustomerLife.customer(1)
        var first = CustomerLife.renewal(0, of: "1000", customer: user)
        first.price = 4_990
        _ = try life.send(TestNotification(type: "SUBSCRIBED", subtype: "INITIAL_BUY", signedDate: first.signedDate,
                                           transaction: first))
        let second = CustomerLife.renewal(1, of: "1000", customer: user)
        _ = try life.send(TestNotification(type: "DID_RENEW", signedDate: second.signedDate, transaction: second))
        let key = PurchaseKey(app: CustomerLife.policy.app, store: "app-store", purchase: "1000")
        let bought = StoreConversion(transaction: "1000", environment: "sandbox",
                                     time: CustomerLife.time(first.purchaseDate), product: CustomerLife.monthly,
                                     value: "4.99", currency: "USD", refunded: false)
        #expect(try Self.conversions(life.store, app: CustomerLife.policy.app) == [key: bought],
                "the renewal is not the conversion")
        var refund = first
        refund.revocationDate = second.purchaseDate + CustomerLife.day
        refund.signedDate = refund.revocationDate!
        let notification = TestNotification(type: "REFUND", signedDate: refund.signedDate, transaction: refund)
        _ = try life.send(notification)
        var refunded = bought
        refunded.refunded = true
        #expect(try Self.conversions(life.store, app: CustomerLife.policy.app) == [key: refunded])
        #expect(try life.send(notification).status == .duplicate)
        #expect(try Self.conversions(life.store, app: CustomerLife.policy.app) == [key: refunded])
        try life.ledger.forget(user, app: CustomerLife.policy.app)
        #expect(try Self.conversions(life.store, app: CustomerLife.policy.app) == [key: refunded],
                "forgetting the owner keeps the purchase's conversion")
    }

    /// A subscription of `PlayLedgerTests.monthly` at its base price of `units`.99 USD, whose latest order is `order`.
    static func subscription(order: String, units: Int, account: String) -> String {
        """
        {"kind": "androidpublisher#subscriptionPurchaseV2", "subscriptionState": "SUBSCRIPTION_STATE_ACTIVE",
         "startTime": "2026-12-01T00:00:00.500Z", "latestOrderId": "\(order)",
         "acknowledgementState": "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED",
         "externalAccountIdentifiers": {"obfuscatedExternalAccountId": "\(account)"},
         "lineItems": [{"productId": "\(PlayLedgerTests.monthly)", "expiryTime": "2027-02-01T00:00:00Z",
                        "autoRenewingPlan": {"autoRenewEnabled": true,
                            "recurringPrice": {"currencyCode": "USD", "units": "\(units)", "nanos": 990000000}},
                        "offerDetails": {"basePlanId": "monthly"}, "offerPhase": {"basePrice": {}}}]}
        """
    }

    @Test(arguments: StoreBackend.allCases) func aPlayPurchasesConversionIsItsFirstOrder(_ backend: StoreBackend)
        async throws
    {
        let play = try PlayLedgerTests.Ledger(backend)
        defer { play.remove() }
        let user = "android-user-1"
        play.api.set("sub-1", Self.subscription(order: "GPA.1111-2222", units: 4, account: user))
        let start = PlayLedgerTests.start
        _ = try await PlayLedgerTests.push("m1", TestPlay.subscriptionNotification(4, token: "sub-1"),
                                           to: play.ledger, at: start)
        let key = PurchaseKey(app: PlayLedgerTests.policy.app, store: "play", purchase: "sub-1")
        let bought = StoreConversion(transaction: "GPA.1111-2222", environment: "production", time: start,
                                     product: PlayLedgerTests.monthly, value: "4.99", currency: "USD", refunded: false)
        #expect(try Self.conversions(play.store, app: PlayLedgerTests.policy.app) == [key: bought])
        play.api.set("sub-1", Self.subscription(order: "GPA.1111-2222..0", units: 5, account: user))
        _ = try await PlayLedgerTests.push("m2", TestPlay.subscriptionNotification(2, token: "sub-1"),
                                           to: play.ledger, at: PlayLedgerTests.at(days: 30))
        #expect(try Self.conversions(play.store, app: PlayLedgerTests.policy.app) == [key: bought],
                "a renewal's read keeps the first order's price")
        let voided = TestPlay.voidedNotification(token: "sub-1", productType: 1)
        _ = try await PlayLedgerTests.push("m3", voided, to: play.ledger, at: PlayLedgerTests.at(days: 31))
        var refunded = bought
        refunded.refunded = true
        #expect(try Self.conversions(play.store, app: PlayLedgerTests.policy.app) == [key: refunded])
        let again = try await PlayLedgerTests.push("m3", voided, to: play.ledger, at: PlayLedgerTests.at(days: 31))
        #expect(again.status == .duplicate)
        #expect(try Self.conversions(play.store, app: PlayLedgerTests.policy.app) == [key: refunded])
    }
}
