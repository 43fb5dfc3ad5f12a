import Customers
import Purchases
import Store
import TestAppStore
import TestSupport
import Testing
import TollgateEvaluation

/// The App Store customers of docs/customers.md through the ledger: signed payloads verified, decided and
/// committed on a real store, on SQLite and on PostgreSQL alike.
@Suite(.tags(.postgres)) struct CustomerLedgerTests {
    typealias Life = CustomerLife
    let user = Life.customer(1)
    let other = Life.customer(2)

    @Test(arguments: StoreBackend.allCases) func aSubscriptionIsActiveUntilItExpires(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        let first = Life.renewal(0, of: "1000", customer: user)
        let receipt = try life.send(TestNotification(type: "SUBSCRIBED", subtype: "INITIAL_BUY",
                                                     signedDate: first.signedDate, transaction: first))
        #expect(receipt.status == .applied)
        #expect(receipt.customer == user)
        let document = try life.document(user, at: Life.start + Life.day)
        let entry = try #require(document.entitlements.first)
        #expect(entry.product == Life.monthly)
        #expect(entry.state == .active)
        #expect(entry.expires == Life.time(first.expiresDate!))
        #expect(entry.originalTransaction == "1000")
        #expect(try life.states(user, at: first.expiresDate! + 1000) == [Life.monthly: .expired])
        #expect(document.history.count >= 1)
    }

    @Test(arguments: StoreBackend.allCases) func aRetriedNotificationChangesNothing(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        let first = Life.renewal(0, of: "1001", customer: user)
        let notification = TestNotification(type: "SUBSCRIBED", subtype: "INITIAL_BUY", signedDate: first.signedDate,
                                            transaction: first)
        #expect(try life.send(notification).status == .applied)
        let before = try life.document(user, at: Life.start)
        let again = try life.send(notification)
        #expect(again.status == .duplicate)
        #expect(again.customer == user)
        #expect(try life.document(user, at: Life.start) == before)
    }

    @Test(arguments: StoreBackend.allCases) func anOlderPayloadNeverOverwritesANewerOne(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        var refunded = Life.renewal(0, of: "1002", customer: user)
        let purchased = refunded
        refunded.revocationDate = purchased.signedDate + Life.day
        refunded.signedDate = purchased.signedDate + Life.day
        #expect(try life.send(TestNotification(type: "REFUND", signedDate: refunded.signedDate,
                                               transaction: refunded)).status == .applied)
        let late = try life.send(TestNotification(type: "SUBSCRIBED", subtype: "INITIAL_BUY",
                                                  signedDate: purchased.signedDate, transaction: purchased))
        #expect(late.status == .stale)
        #expect(try life.states(user, at: Life.start + 2 * Life.day) == [Life.monthly: .revoked])
    }

    @Test(arguments: StoreBackend.allCases) func aRefundOfAnEarlierRenewalKeepsTheCurrentPeriod(_ backend: StoreBackend)
        throws
    {
        let life = try Life(backend)
        defer { life.remove() }
        let first = Life.renewal(0, of: "1003", customer: user)
        let second = Life.renewal(1, of: "1003", customer: user)
        _ = try life.send(TestNotification(type: "SUBSCRIBED", signedDate: first.signedDate, transaction: first))
        _ = try life.send(TestNotification(type: "DID_RENEW", signedDate: second.signedDate, transaction: second))
        var refund = first
        refund.revocationDate = second.purchaseDate + Life.day
        refund.signedDate = refund.revocationDate!
        _ = try life.send(TestNotification(type: "REFUND", signedDate: refund.signedDate, transaction: refund))
        let during = second.purchaseDate + 2 * Life.day
        #expect(try life.states(user, at: during) == [Life.monthly: .active])
        var current = second
        current.revocationDate = during
        current.signedDate = during
        _ = try life.send(TestNotification(type: "REFUND", signedDate: during, transaction: current))
        #expect(try life.states(user, at: during + 1000) == [Life.monthly: .revoked])
    }

    @Test(arguments: StoreBackend.allCases) func aPurchaseNobodyOwnsAppliesWhenClaimed(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        var coins = TestTransaction(transactionID: "2000", productID: Life.coins, purchaseDate: Life.start)
        coins.type = "Consumable"
        coins.quantity = 2
        let receipt = try life.send(TestNotification(type: "ONE_TIME_CHARGE", signedDate: coins.signedDate,
                                                     transaction: coins))
        #expect(receipt.status == .unclaimed)
        #expect(receipt.customer == nil)
        let document = try life.post(coins, for: user)
        #expect(document.credits == ["coins": 200])
        #expect(try life.post(coins, for: user).credits == ["coins": 200])
        var refunded = coins
        refunded.revocationDate = Life.start + Life.day
        refunded.signedDate = Life.start + Life.day
        #expect(try life.send(TestNotification(type: "REFUND", signedDate: refunded.signedDate,
                                               transaction: refunded)).customer == user)
        #expect(try life.document(user, at: Life.start + 2 * Life.day).credits == ["coins": 0])
    }

    @Test(arguments: StoreBackend.allCases) func creditsAreSpentOncePerKey(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        var coins = TestTransaction(transactionID: "2001", productID: Life.coins, purchaseDate: Life.start)
        coins.type = "Consumable"
        _ = try life.post(coins, for: user)
        let now = Life.time(Life.start)
        let spent = try life.ledger.spend(30, of: "coins", customer: user, environment: .sandbox, idempotencyKey: "order-1", app: "photocollage",
                                          now: now)
        #expect(spent == SpendReceipt(currency: "coins", balance: 70, spent: 30))
        #expect(try life.ledger.spend(30, of: "coins", customer: user, environment: .sandbox, idempotencyKey: "order-1", app: "photocollage",
                                      now: now) == spent)
        #expect(throws: CustomerError.insufficientCredits(currency: "coins", balance: 70)) {
            try life.ledger.spend(71, of: "coins", customer: user, environment: .sandbox, idempotencyKey: "order-2", app: "photocollage",
                                  now: now)
        }
        #expect(try life.document(user, at: Life.start).credits == ["coins": 70])
    }

    @Test(arguments: StoreBackend.allCases) func aRestoreOnAnotherAccountTransfersOrIsRefused(_ backend: StoreBackend)
        throws
    {
        var life = try Life(backend)
        defer { life.remove() }
        var removeAds = TestTransaction(transactionID: "3000", productID: Life.removeAds, purchaseDate: Life.start)
        removeAds.type = "Non-Consumable"
        _ = try life.post(removeAds, for: user)
        life.policy.restore = .keep
        #expect(throws: CustomerError.purchaseOwnedByAnotherCustomer(owner: user)) {
            try life.post(removeAds, for: other)
        }
        #expect(try life.states(user, at: Life.start) == [Life.removeAds: .active])
        #expect(try life.states(other, at: Life.start).isEmpty)
        life.policy.restore = .transfer
        #expect(try life.post(removeAds, for: other).entitlements.map(\.product) == [Life.removeAds])
        #expect(try life.states(user, at: Life.start).isEmpty)
        #expect(try life.document(user, at: Life.start).history.contains { $0.effect.contains("transferred to") })
    }

    @Test(arguments: StoreBackend.allCases) func familySharingWithdrawnRevokes(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        var shared = TestTransaction(transactionID: "3001", productID: Life.removeAds, purchaseDate: Life.start)
        shared.type = "Non-Consumable"
        shared.inAppOwnershipType = "FAMILY_SHARED"
        let document = try life.post(shared, for: user)
        #expect(document.entitlements.first?.ownership == .familyShared)
        var revoked = shared
        revoked.revocationDate = Life.start + Life.day
        revoked.revocationReason = 0
        revoked.signedDate = Life.start + Life.day
        _ = try life.send(TestNotification(type: "REVOKE", signedDate: revoked.signedDate, transaction: revoked))
        #expect(try life.states(user, at: Life.start + 2 * Life.day) == [Life.removeAds: .revoked])
    }

    @Test(arguments: StoreBackend.allCases) func sandboxAndProductionAreKeptApart(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        var production = Life.renewal(0, of: "4000", customer: user)
        production.environment = "Production"
        var notification = TestNotification(type: "SUBSCRIBED", signedDate: production.signedDate,
                                            transaction: production)
        notification.environment = "Production"
        _ = try life.send(notification)
        #expect(try life.states(user, at: Life.start, environment: .production) == [Life.monthly: .active])
        #expect(try life.states(user, at: Life.start, environment: .sandbox).isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func refusedPayloadsStoreNothing(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        let first = Life.renewal(0, of: "5000", customer: user)
        var otherApp = TestNotification(type: "SUBSCRIBED", signedDate: first.signedDate, transaction: first)
        otherApp.bundleID = "com.example.other"
        #expect {
            try life.send(otherApp)
        } throws: { error in
            if case CustomerError.wrongApp = error { return true }
            return false
        }
        var xcode = TestNotification(type: "SUBSCRIBED", signedDate: first.signedDate, transaction: first)
        xcode.environment = "Xcode"
        #expect(throws: CustomerError.unsupportedEnvironment("Xcode")) { try life.send(xcode) }
        let forged = try AppStoreTestSigner(leaf: "other-leaf", intermediate: "other-intermediate", root: "other-root")
        let body = forged.sign(TestNotification(type: "SUBSCRIBED", signedDate: first.signedDate, transaction: first)
            .json(signing: forged.sign))
        #expect {
            try life.ledger.receiveAppStoreNotification(signedPayload: body, policy: life.policy,
                                                        now: Life.time(first.signedDate))
        } throws: { error in
            if case CustomerError.invalidSignature = error { return true }
            return false
        }
        // Xcode signs its StoreKit testing data with a certificate of its own: refused as Xcode data.
        var local = first
        local.environment = "Xcode"
        var xcodeSigned = TestNotification(type: "SUBSCRIBED", signedDate: first.signedDate, transaction: local)
        xcodeSigned.environment = "Xcode"
        #expect(throws: CustomerError.unsupportedEnvironment("Xcode")) {
            try life.ledger.receiveAppStoreNotification(signedPayload: forged.sign(xcodeSigned.json(signing: forged.sign)),
                                                        policy: life.policy, now: Life.time(first.signedDate))
        }
        #expect(try life.document(user, at: Life.start).entitlements.isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func aForgottenCustomerHasBoughtNothing(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        var coins = TestTransaction(transactionID: "6000", productID: Life.coins, purchaseDate: Life.start)
        coins.type = "Consumable"
        _ = try life.post(coins, for: user)
        let first = Life.renewal(0, of: "6001", customer: nil)
        _ = try life.post(first, for: user)
        try life.ledger.forget(user, app: "photocollage")
        let forgotten = try life.document(user, at: Life.start)
        #expect(forgotten.entitlements.isEmpty)
        #expect(forgotten.credits.isEmpty)
        #expect(forgotten.history.isEmpty)
        #expect(try life.post(first, for: user).entitlements.map(\.product) == [Life.monthly])
    }

    @Test(arguments: StoreBackend.allCases) func forgettingNeverGrantsCreditsAgainNorRelinksByToken(
        _ backend: StoreBackend
    ) throws {
        let life = try Life(backend)
        defer { life.remove() }
        var coins = TestTransaction(transactionID: "6100", productID: Life.coins, purchaseDate: Life.start)
        coins.type = "Consumable"
        #expect(try life.post(coins, for: user).credits == ["coins": 100])
        let first = Life.renewal(0, of: "6101", customer: user)
        _ = try life.send(TestNotification(type: "SUBSCRIBED", signedDate: first.signedDate, transaction: first))
        try life.ledger.forget(user, app: "photocollage")
        // The subscription renews: its token names the forgotten customer, who is not linked again.
        let second = Life.renewal(1, of: "6101", customer: user)
        let renewed = try life.send(TestNotification(type: "DID_RENEW", signedDate: second.signedDate,
                                                     transaction: second))
        #expect(renewed.status == .unclaimed)
        #expect(renewed.customer == nil)
        #expect(try life.document(user, at: second.purchaseDate).entitlements.isEmpty)
        // Posting the coins again claims the purchase but grants nothing twice.
        #expect(try life.post(coins, for: user).credits == [:])
    }

    @Test(arguments: StoreBackend.allCases) func aRefundAfterATransferTakesBackFromWhoWasCredited(
        _ backend: StoreBackend
    ) throws {
        let life = try Life(backend)
        defer { life.remove() }
        var coins = TestTransaction(transactionID: "6200", productID: Life.coins, purchaseDate: Life.start)
        coins.type = "Consumable"
        _ = try life.post(coins, for: user)
        #expect(try life.post(coins, for: other).credits == [:])
        coins.revocationDate = Life.start + Life.day
        coins.signedDate = Life.start + Life.day
        _ = try life.send(TestNotification(type: "REFUND", signedDate: coins.signedDate, transaction: coins))
        #expect(try life.document(user, at: Life.start + 2 * Life.day).credits == ["coins": 0])
        #expect(try life.document(other, at: Life.start + 2 * Life.day).credits == [:])
    }

    @Test(arguments: StoreBackend.allCases) func creditsAreKeptPerEnvironmentAndKeysPerCustomer(_ backend: StoreBackend)
        throws
    {
        let life = try Life(backend)
        defer { life.remove() }
        for (id, customer) in [("6300", user), ("6301", other)] {
            var coins = TestTransaction(transactionID: id, productID: Life.coins, purchaseDate: Life.start)
            coins.type = "Consumable"
            _ = try life.post(coins, for: customer)
        }
        #expect(try life.document(user, at: Life.start, environment: .production).credits == [:])
        #expect(throws: CustomerError.insufficientCredits(currency: "coins", balance: 0)) {
            try life.ledger.spend(10, of: "coins", customer: user, environment: .production, idempotencyKey: "k",
                                  app: "photocollage", now: Life.time(Life.start))
        }
        let mine = try life.ledger.spend(30, of: "coins", customer: user, environment: .sandbox, idempotencyKey: "k",
                                         app: "photocollage", now: Life.time(Life.start))
        let theirs = try life.ledger.spend(5, of: "coins", customer: other, environment: .sandbox, idempotencyKey: "k",
                                           app: "photocollage", now: Life.time(Life.start))
        #expect(mine == SpendReceipt(currency: "coins", balance: 70, spent: 30))
        #expect(theirs == SpendReceipt(currency: "coins", balance: 95, spent: 5))
    }

    @Test(arguments: StoreBackend.allCases) func graceThenBillingRetryThenExpiry(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        let first = Life.renewal(0, of: "7000", customer: user)
        let expires = first.expiresDate!
        var renewal = TestRenewalInfo(originalTransactionID: "7000", productID: Life.monthly, signedDate: expires)
        renewal.isInBillingRetryPeriod = true
        renewal.gracePeriodExpiresDate = expires + 6 * Life.day
        _ = try life.send(TestNotification(type: "DID_FAIL_TO_RENEW", subtype: "GRACE_PERIOD", signedDate: expires,
                                           transaction: first, renewal: renewal))
        #expect(try life.states(user, at: expires + Life.day) == [Life.monthly: .gracePeriod])
        #expect(try life.states(user, at: expires + 7 * Life.day) == [Life.monthly: .billingRetry])
        var gaveUp = renewal
        gaveUp.isInBillingRetryPeriod = false
        gaveUp.autoRenewStatus = 0
        gaveUp.signedDate = expires + 60 * Life.day
        _ = try life.send(TestNotification(type: "EXPIRED", subtype: "BILLING_RETRY", signedDate: gaveUp.signedDate,
                                           transaction: first, renewal: gaveUp))
        let document = try life.document(user, at: expires + 61 * Life.day)
        #expect(document.entitlements.map(\.state) == [.expired])
        #expect(document.entitlements.first?.willRenew == false)
    }

    @Test(arguments: StoreBackend.allCases) func aTestNotificationAnswersTest(_ backend: StoreBackend) throws {
        let life = try Life(backend)
        defer { life.remove() }
        let notification = TestNotification(type: "TEST", signedDate: Life.start)
        #expect(try life.send(notification).status == .test)
        #expect(try life.send(notification).status == .duplicate)
    }
}

/// A replica's kept connections outlive a database restart: the first request after it does not fail.
@Suite(.tags(.postgres)) struct CustomerLedgerReconnectTests {
    @Test func aConnectionTheDatabaseDroppedIsReplacedOnce() throws {
        let life = try CustomerLife(.postgres)
        defer { life.remove() }
        let user = CustomerLife.customer(1)
        let first = CustomerLife.renewal(0, of: "8000", customer: user)
        #expect(try life.send(TestNotification(type: "SUBSCRIBED", signedDate: first.signedDate,
                                               transaction: first)).status == .applied)
        let database = try #require(life.store.database)
        _ = try database.execute("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
        let second = CustomerLife.renewal(1, of: "8000", customer: user)
        #expect(try life.send(TestNotification(type: "DID_RENEW", signedDate: second.signedDate,
                                               transaction: second)).status == .applied)
    }
}

/// Through the whole ledger and a real store: the same notifications in any order, with any retries, leave the
/// same entitlements and credits.
@Suite struct CustomerLedgerOrderTests {
    /// A customer's year: a subscription renewed and partly refunded, a grace period, coins bought and refunded.
    static func notifications(for user: CustomerID) -> [TestNotification] {
        var list: [TestNotification] = []
        for index in 0..<5 {
            var renewal = CustomerLife.renewal(index, of: "9100", customer: user)
            list.append(TestNotification(type: index == 0 ? "SUBSCRIBED" : "DID_RENEW", signedDate: renewal.signedDate,
                                         transaction: renewal))
            if index % 2 == 1 {
                renewal.revocationDate = renewal.purchaseDate + CustomerLife.day
                renewal.signedDate = renewal.purchaseDate + CustomerLife.day
                list.append(TestNotification(type: "REFUND", signedDate: renewal.signedDate, transaction: renewal))
            }
        }
        let last = CustomerLife.renewal(4, of: "9100", customer: user)
        var grace = TestRenewalInfo(originalTransactionID: "9100", productID: CustomerLife.monthly,
                                    signedDate: last.expiresDate!)
        grace.isInBillingRetryPeriod = true
        grace.gracePeriodExpiresDate = last.expiresDate! + 6 * CustomerLife.day
        list.append(TestNotification(type: "DID_FAIL_TO_RENEW", subtype: "GRACE_PERIOD", signedDate: grace.signedDate,
                                     transaction: last, renewal: grace))
        var coins = TestTransaction(transactionID: "9200", productID: CustomerLife.coins, purchaseDate: CustomerLife.start)
        coins.type = "Consumable"
        coins.quantity = 3
        coins.appAccountToken = user.text
        list.append(TestNotification(type: "ONE_TIME_CHARGE", signedDate: coins.signedDate, transaction: coins))
        coins.revocationDate = CustomerLife.start + CustomerLife.day
        coins.signedDate = CustomerLife.start + CustomerLife.day
        list.append(TestNotification(type: "REFUND", signedDate: coins.signedDate, transaction: coins))
        return list
    }

    @Test(arguments: [UInt64(11), 12, 13, 14, 15]) func anyOrderWithRetriesGivesTheSameState(_ seed: UInt64) throws {
        let user = CustomerLife.customer(9)
        let notifications = Self.notifications(for: user)
        let moments = [CustomerLife.start + 10 * CustomerLife.day, CustomerLife.start + 152 * CustomerLife.day,
                       CustomerLife.start + 160 * CustomerLife.day]
        func state(_ order: [TestNotification]) throws -> [String] {
            let life = try CustomerLife(.sqlite)
            defer { life.remove() }
            for notification in order { _ = try life.send(notification) }
            return try moments.map { moment in
                let document = try life.document(user, at: moment)
                return "\(document.entitlements.map { "\($0.product) \($0.state) \(String(describing: $0.expires))" }) "
                    + "\(document.credits)"
            }
        }
        var random = SplitMix64(seed: seed)
        var shuffled = notifications
        for _ in 0..<4 { shuffled.append(notifications[Int(random.next() % UInt64(notifications.count))]) }
        for index in shuffled.indices.reversed() { shuffled.swapAt(index, Int(random.next() % UInt64(index + 1))) }
        #expect(try state(shuffled) == state(notifications))
    }
}
