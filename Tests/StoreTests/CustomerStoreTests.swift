import Foundation
import Store
import TestSupport
import Testing
import TollgateEvaluation

/// The customer tables, alike on both backends: notifications kept once, purchases read and updated in one
/// transaction, credits deduplicated by key, spends by idempotency key, forgetting a customer, and the feed.
@Suite(.tags(.postgres)) struct CustomerStoreTests {
    static let purchase = PurchaseKey(app: "demo", store: "app-store", purchase: "1000")
    static let noon = TemporaryStore.noon

    static func notification(_ id: String, app: String = "demo") -> StoredNotification {
        StoredNotification(id: id, app: app, store: "app-store", type: "DID_RENEW", subtype: nil, signedDate: noon,
                           text: #"{"notificationUUID":"\#(id)"}"#, receivedAt: TemporaryStore.one)
    }

    static func transaction(_ id: String, _ text: String = "{}") -> StoredPayload {
        StoredPayload(id: id, signedDate: noon, text: text)
    }

    static func grant(_ customer: String, _ amount: Int64, key: String?) -> LedgerEntry {
        LedgerEntry(customer: customer, environment: "production", currency: "coins", amount: amount, reason: "purchase", key: key,
                    transaction: key.map { String($0.prefix { $0 != ":" }) }, time: noon)
    }

    static func event(_ customer: String, _ effect: String) -> CustomerEvent {
        CustomerEvent(customer: customer, time: noon, store: "app-store", event: "DID_RENEW", product: "pro",
                      transaction: "1000", effect: effect)
    }

    /// Runs `sql` on the store's database behind its back.
    static func execute(_ sql: String, on store: BackendStore) throws {
        if let database = store.database {
            try database.execute(sql)
        } else {
            try Connection(path: store.location).execute(sql)
        }
    }

    @Test(arguments: StoreBackend.allCases) func aDuplicateNotificationChangesNothing(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        let first = try customers.recordPurchaseEvent(Self.purchase, notification: Self.notification("n1")) { _ in
            PurchaseUpdate(transactions: [Self.transaction("1000")], owner: "alice", events: [Self.event("alice", "a")],
                           status: "applied")
        }
        guard case .recorded = first else {
            Issue.record("expected a recorded event, got \(first)")
            return
        }
        var called = false
        let again = try customers.recordPurchaseEvent(Self.purchase, notification: Self.notification("n1")) { _ in
            called = true
            return PurchaseUpdate(transactions: [Self.transaction("1001")], owner: "bob", status: "applied")
        }
        #expect(again == .duplicate(status: "applied"))
        #expect(!called, "decide is not called for a duplicate")
        let record = try #require(try customers.purchase(Self.purchase))
        #expect(record.owner == "alice" && record.transactions.map(\.id) == ["1000"])
        #expect(try customers.events(app: "demo", customer: "alice", limit: 10).count == 1)
        #expect(try customers.recordNotification(Self.notification("n1"), status: "test") == false)
        #expect(try customers.recordNotification(Self.notification("n2"), status: "test"))
        #expect(try customers.recordNotification(Self.notification("n2"), status: "other") == false)
        #expect(try customers.recordNotification(Self.notification("n2", app: "other"), status: "test"),
                "ids are per app")
        let duplicate = try customers.recordPurchaseEvent(Self.purchase, notification: Self.notification("n2")) { _ in
            PurchaseUpdate(status: "applied")
        }
        #expect(duplicate == .duplicate(status: "test"))
    }

    @Test(arguments: StoreBackend.allCases) func decideSeesThePreviousState(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        #expect(try customers.purchase(Self.purchase) == nil)
        _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { record in
            #expect(record == PurchaseRecord(key: Self.purchase))
            return PurchaseUpdate(transactions: [Self.transaction("1000", "v1"), Self.transaction("1001")],
                                  renewal: StoredPayload(id: "1000", signedDate: Self.noon, text: "r1"), owner: "alice",
                                  credits: [Self.grant("alice", 10, key: "1000:purchase")], status: "applied")
        }
        let newer = StoredPayload(id: "1000", signedDate: TemporaryStore.one, text: "v2")
        _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { record in
            #expect(record.owner == "alice")
            #expect(record.transactions == [Self.transaction("1000", "v1"), Self.transaction("1001")])
            #expect(record.renewal?.text == "r1")
            #expect(record.creditKeys == ["1000:purchase"])
            return PurchaseUpdate(transactions: [newer], owner: "bob", status: "applied")
        }
        let record = try #require(try customers.purchase(Self.purchase))
        #expect(record.owner == "bob" && record.transactions == [newer, Self.transaction("1001")])
        #expect(try customers.purchases(app: "demo", ownedBy: "bob", store: nil) == [record])
        #expect(try customers.purchases(app: "demo", ownedBy: "bob", store: "app-store") == [record])
        #expect(try customers.purchases(app: "demo", ownedBy: "bob", store: "play").isEmpty)
        #expect(try customers.purchases(app: "demo", ownedBy: "alice", store: nil).isEmpty)
        #expect(try customers.purchases(app: "other", ownedBy: "bob", store: nil).isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func ledgerKeysAreRecordedOnce(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        for _ in 0..<2 {
            _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { _ in
                PurchaseUpdate(owner: "alice", credits: [
                    Self.grant("alice", 10, key: "1000:purchase"), Self.grant("alice", 5, key: "1001:purchase"),
                    Self.grant("alice", 1, key: nil),
                ], status: "applied")
            }
        }
        #expect(try customers.balances(app: "demo", customer: "alice", environment: "production") == ["coins": 17], "keyless entries always count")
        _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { _ in
            PurchaseUpdate(credits: [Self.grant("alice", -10, key: "1000:refund"), Self.grant("alice", -10, key: "1000:refund")],
                           status: "applied")
        }
        #expect(try customers.balances(app: "demo", customer: "alice", environment: "production") == ["coins": 7])
        #expect(try customers.purchase(Self.purchase)?.creditKeys == ["1000:purchase", "1001:purchase", "1000:refund"])
        #expect(try customers.balances(app: "demo", customer: "nobody", environment: "production") == [:])
    }

    @Test(arguments: StoreBackend.allCases) func spendsAreIdempotentAndNeverOverdraw(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { _ in
            PurchaseUpdate(owner: "alice", credits: [Self.grant("alice", 10, key: "1000:purchase")], status: "applied")
        }
        func spend(_ amount: Int64, _ key: String) throws -> SpendOutcome {
            try customers.spendCredits(app: "demo", customer: "alice", environment: "production", currency: "coins", amount: amount,
                                       idempotencyKey: key, time: TemporaryStore.one)
        }
        #expect(try spend(4, "k1") == .spent(balance: 6, spent: 4))
        #expect(try spend(4, "k1") == .replayed(balance: 6, spent: 4))
        #expect(try spend(99, "k1") == .replayed(balance: 6, spent: 4), "the first answer, whatever is asked")
        #expect(try spend(7, "k2") == .insufficient(balance: 6))
        #expect(try spend(6, "k2") == .spent(balance: 0, spent: 6), "an insufficient spend stored nothing")
        #expect(try customers.balances(app: "demo", customer: "alice", environment: "production") == ["coins": 0])
        #expect(try customers.spendCredits(app: "demo", customer: "alice", environment: "production", currency: "gems", amount: 1,
                                           idempotencyKey: "k3", time: Self.noon) == .insufficient(balance: 0))
    }

    @Test(arguments: StoreBackend.allCases) func forgettingACustomerKeepsTransactionsOwnedByNoOne(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        _ = try customers.recordPurchaseEvent(Self.purchase, notification: Self.notification("n1")) { _ in
            PurchaseUpdate(transactions: [Self.transaction("1000")], owner: "alice",
                           credits: [Self.grant("alice", 10, key: "1000:purchase")], events: [Self.event("alice", "a")],
                           status: "applied")
        }
        let other = PurchaseKey(app: "demo", store: "app-store", purchase: "2000")
        _ = try customers.recordPurchaseEvent(other, notification: nil) { _ in
            PurchaseUpdate(owner: "bob", credits: [Self.grant("bob", 3, key: "2000:purchase")],
                           events: [Self.event("bob", "b")], status: "applied")
        }
        _ = try customers.spendCredits(app: "demo", customer: "alice", environment: "production", currency: "coins",
                                       amount: 2, idempotencyKey: "k", time: Self.noon)
        try customers.forgetCustomer(app: "demo", customer: "alice")
        #expect(try customers.purchases(app: "demo", ownedBy: "alice", store: nil).isEmpty)
        #expect(try customers.balances(app: "demo", customer: "alice", environment: "production").isEmpty)
        #expect(try customers.events(app: "demo", customer: "alice", limit: 10).isEmpty)
        let kept = try #require(try customers.purchase(Self.purchase))
        #expect(kept.owner == nil && kept.forgotten && kept.transactions.map(\.id) == ["1000"])
        #expect(kept.credits == ["1000:purchase": String?.none], "the grant is kept, belonging to no one")
        #expect(try customers.recordPurchaseEvent(Self.purchase, notification: Self.notification("n1")) { _ in
            PurchaseUpdate(status: "applied")
        } == .duplicate(status: "applied"), "the notification stays")
        #expect(try customers.spendCredits(app: "demo", customer: "alice", environment: "production", currency: "coins",
                                           amount: 1, idempotencyKey: "k", time: Self.noon) == .insufficient(balance: 0),
                "the spend is forgotten too")
        #expect(try customers.balances(app: "demo", customer: "bob", environment: "production") == ["coins": 3],
                "others keep theirs")
        #expect(try customers.events(app: "demo", customer: "bob", limit: 10).map(\.effect) == ["b"])
    }

    @Test(arguments: StoreBackend.allCases) func eventsAreTheNewestOldestFirst(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        for effect in ["a", "b", "c"] {
            _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { _ in
                PurchaseUpdate(events: [Self.event("alice", effect)], status: "applied")
            }
        }
        #expect(try customers.events(app: "demo", customer: "alice", limit: 10).map(\.effect) == ["a", "b", "c"])
        #expect(try customers.events(app: "demo", customer: "alice", limit: 2).map(\.effect) == ["b", "c"])
        #expect(try customers.events(app: "demo", customer: "alice", limit: 1) == [Self.event("alice", "c")])
    }

    @Test(arguments: StoreBackend.allCases) func aFailureInsideRollsTheWholeEventBack(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        try Self.execute("CREATE UNIQUE INDEX one_effect ON customer_events (app, customer, effect)", on: store)
        let failing = PurchaseUpdate(transactions: [Self.transaction("1000")], owner: "alice",
                                     credits: [Self.grant("alice", 10, key: "1000:purchase")],
                                     events: [Self.event("alice", "same"), Self.event("alice", "same")], status: "applied")
        #expect(throws: StoreError.self) {
            try customers.recordPurchaseEvent(Self.purchase, notification: Self.notification("n1")) { _ in failing }
        }
        #expect(try customers.purchase(Self.purchase) == nil)
        #expect(try customers.balances(app: "demo", customer: "alice", environment: "production").isEmpty)
        #expect(try customers.events(app: "demo", customer: "alice", limit: 10).isEmpty)
        let retried = try customers.recordPurchaseEvent(Self.purchase, notification: Self.notification("n1")) { record in
            #expect(record == PurchaseRecord(key: Self.purchase), "nothing of the failed event is left")
            return PurchaseUpdate(owner: "alice", status: "applied")
        }
        #expect(retried == .recorded(PurchaseUpdate(owner: "alice", status: "applied")),
                "the notification was rolled back too")
    }

    @Test(arguments: StoreBackend.allCases) func writesOfOnePurchaseFromTwoThreadsSerialize(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        _ = try store.openCustomers()
        let threads = (0..<2).map { _ in
            ThreadWork {
                // Each thread has its own connection.
                let customers = try store.openCustomers(.write)
                for _ in 0..<50 {
                    _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { record in
                        let count = record.transactions.first.flatMap { Int($0.text) } ?? 0
                        return PurchaseUpdate(transactions: [Self.transaction("1000", String(count + 1))], status: "applied")
                    }
                }
            }
        }
        for thread in threads { try thread.join() }
        #expect(try store.openCustomers().purchase(Self.purchase)?.transactions.first?.text == "100")
    }

    @Test(arguments: StoreBackend.allCases) func spendsFromTwoThreadsNeverOverdraw(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        _ = try store.openCustomers().recordPurchaseEvent(Self.purchase, notification: nil) { _ in
            PurchaseUpdate(owner: "alice", credits: [Self.grant("alice", 30, key: "1000:purchase")], status: "applied")
        }
        let threads = (0..<2).map { thread in
            ThreadWork {
                let customers = try store.openCustomers(.write)
                return try (0..<20).map { index in
                    try customers.spendCredits(app: "demo", customer: "alice", environment: "production", currency: "coins", amount: 1,
                                               idempotencyKey: "\(thread)-\(index)", time: Self.noon)
                }
            }
        }
        let outcomes = try threads.flatMap { try $0.join() }
        #expect(outcomes.filter { if case .spent = $0 { true } else { false } }.count == 30)
        #expect(outcomes.filter { $0 == .insufficient(balance: 0) }.count == 10)
        #expect(try store.openCustomers().balances(app: "demo", customer: "alice", environment: "production") == ["coins": 0])
    }

    /// SQLite has no notifications: its feed notices another connection's commit from the data version, and
    /// reads whose customers it changed from the store's log of changes; a commit that changed none names none.
    @Test func sqlitesFeedNamesNoCustomerForACommitThatChangedNone() throws {
        let store = try BackendStore(.sqlite)
        defer { store.remove() }
        let writer = try store.openCustomers(.create)
        let feed = try #require(try store.openCustomers().customerChangeFeed())
        #expect(try feed.wait(timeout: .milliseconds(120)) == .customers([]), "nothing happened yet")
        try (writer as? any ExposureStore)?.recordExposures([
            Exposure(app: "demo", experiment: "onboarding", seed: "onboarding", variant: "paywall", user: "alice",
                     time: Self.noon, policy: "sha256:1"),
        ])
        #expect(try feed.wait(timeout: .seconds(5)) == .customers([]), "an exposure is no customer's change")
        _ = try writer.recordPurchaseEvent(Self.purchase, notification: nil) { _ in
            PurchaseUpdate(owner: "alice", status: "applied")
        }
        #expect(try feed.wait(timeout: .seconds(5)) == .customers([CustomerRef(app: "demo", customer: "alice")]))
        #expect(try feed.wait(timeout: .milliseconds(120)) == .customers([]), "once per commit")
    }

    /// Changes the log forgot before the feed read them leave it unable to say whose: it drops everyone.
    @Test func sqlitesFeedDropsEveryoneWhenChangesItDidNotReadWereForgotten() throws {
        let store = try BackendStore(.sqlite)
        defer { store.remove() }
        let writer = try store.openCustomers(.create)
        let feed = try #require(try store.openCustomers().customerChangeFeed())
        try writer.forgetCustomer(app: "demo", customer: "carol")
        #expect(try feed.wait(timeout: .seconds(5)) == .customers([CustomerRef(app: "demo", customer: "carol")]))
        // As if the log had been cut after changes 2 to 4.
        try Connection(path: store.location)
            .execute("INSERT INTO customer_changes (seq, app, customer) VALUES (5, 'demo', 'dave')")
        #expect(try feed.wait(timeout: .seconds(5)) == .unknown)
        try writer.forgetCustomer(app: "demo", customer: "erin")
        #expect(try feed.wait(timeout: .seconds(5)) == .customers([CustomerRef(app: "demo", customer: "erin")]),
                "and follows the log again from there")
    }

    /// The log keeps the newest changes only.
    @Test func sqlitesLogOfChangesKeepsTheNewest() throws {
        let store = try BackendStore(.sqlite)
        defer { store.remove() }
        let writer = try store.openCustomers(.create)
        try writer.forgetCustomer(app: "demo", customer: "carol")
        let connection = try Connection(path: store.location)
        try connection.execute("UPDATE sqlite_sequence SET seq = 20000 WHERE name = 'customer_changes'")
        try writer.forgetCustomer(app: "demo", customer: "dave")
        let kept = try connection.prepare("SELECT group_concat(seq) AS seqs FROM customer_changes").onlyRow()
        #expect(try kept.text("seqs") == "20001", "change 1 is more than 10,000 changes old")
    }

    @Test(arguments: StoreBackend.allCases)
    func theCustomerFeedNamesEveryCustomerACommitChanges(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let feed = try #require(try store.openCustomers().customerChangeFeed())
        #expect(try feed.wait(timeout: .milliseconds(50)) == .customers([]), "nothing happened yet")
        let writer = try store.openCustomers(.write)
        func next() throws -> Set<CustomerRef> {
            var refs: Set<CustomerRef> = []
            let deadline = ContinuousClock.now + .seconds(60)
            while refs.isEmpty && ContinuousClock.now < deadline {
                if case .customers(let changed) = try feed.wait(timeout: .seconds(5)) { refs = changed }
            }
            return refs
        }
        _ = try writer.recordPurchaseEvent(Self.purchase, notification: nil) { _ in
            PurchaseUpdate(owner: "alice", credits: [Self.grant("alice", 5, key: "1000:purchase")], status: "applied")
        }
        #expect(try next() == [CustomerRef(app: "demo", customer: "alice")])
        _ = try writer.recordPurchaseEvent(Self.purchase, notification: nil) { _ in
            PurchaseUpdate(owner: "bob\u{2028}é", status: "applied")
        }
        #expect(try next() == [CustomerRef(app: "demo", customer: "alice"), CustomerRef(app: "demo", customer: "bob\u{2028}é")],
                "both customers of a transfer")
        _ = try writer.spendCredits(app: "demo", customer: "alice", environment: "production", currency: "coins", amount: 1, idempotencyKey: "k",
                                    time: Self.noon)
        #expect(try next() == [CustomerRef(app: "demo", customer: "alice")])
        try writer.forgetCustomer(app: "demo", customer: "carol")
        #expect(try next() == [CustomerRef(app: "demo", customer: "carol")])
    }

    @Test func anSQLiteStoreOfSchema2MigratesAndKeepsItsData() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-earlier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store.sqlite").path
        try FileManager.default.copyItem(atPath: EarlierStoreTests.fixtures.appendingPathComponent("sqlite-schema-2.sqlite").path,
                                         toPath: path)
        let reader = try SQLiteStore(path: path, mode: .read)
        #expect(try reader.purchases(app: "photocollage", ownedBy: "alice", store: nil).isEmpty,
                "a store opened to read is not migrated, and holds no customers")
        #expect(try reader.balances(app: "photocollage", customer: "alice", environment: "production").isEmpty)
        let writer = try SQLiteStore(path: path, mode: .write)
        try Self.expectMigrated(writer)
        try EarlierStoreTests.expectReadsAsBefore(writer, history: "sqlite-schema-2-history.json",
                                                  replicaLastSeen: "2026-12-01T21:45:20Z")
        #expect(try writer.integrityCheck() == "ok")
    }

    @Test func aPostgresStoreOfSchema2MigratesAndKeepsItsData() throws {
        let database = try TestDatabase.create("earlier_customers")
        defer { database.drop() }
        try database.execute(String(contentsOf: EarlierStoreTests.fixtures.appendingPathComponent("postgres-schema-2.sql"),
                                    encoding: .utf8))
        let reader = try PostgresStore(url: database.url, mode: .read)
        #expect(try reader.purchases(app: "photocollage", ownedBy: "alice", store: nil).isEmpty)
        let writer = try PostgresStore(url: database.url, mode: .write)
        try Self.expectMigrated(writer)
        try EarlierStoreTests.expectReadsAsBefore(writer, history: "postgres-schema-2-history.json",
                                                  replicaLastSeen: "2026-12-01T21:45:20Z")
        #expect(try database.execute("SELECT max(version) FROM tollgate_migrations") == "8")
    }

    /// The customer and exposure tables of a migrated store work.
    static func expectMigrated(_ store: any CustomerStore & ExposureStore) throws {
        try store.recordExposures([Exposure(app: "photocollage", experiment: "onboarding-paywall",
                                            seed: "onboarding-paywall", variant: "paywall", user: "alice", time: noon,
                                            policy: "sha256:1")])
        #expect(try store.exposures(app: "photocollage", experiment: "onboarding-paywall").map(\.user) == ["alice"])
        let key = PurchaseKey(app: "photocollage", store: "app-store", purchase: "1")
        _ = try store.recordPurchaseEvent(key, notification: nil) { _ in
            PurchaseUpdate(owner: "alice", credits: [grant("alice", 2, key: "1:purchase")], status: "applied")
        }
        #expect(try store.purchases(app: "photocollage", ownedBy: "alice", store: nil).map(\.key) == [key])
        #expect(try store.balances(app: "photocollage", customer: "alice", environment: "production") == ["coins": 2])
    }
}
