import Store
import TestSupport
import Testing
import TollgateEvaluation

/// Experiment results' aggregation, alike on both backends: users by variant and day, and each buyer's purchases
/// within the window after their first exposure, summed per variant.
@Suite(.tags(.postgres)) struct TallyStoreTests {
    static let noon = TemporaryStore.noon
    static let day: Int64 = 86_400

    static func time(_ offset: Int64) -> Timestamp {
        noon.adding(seconds: offset)
    }

    static func exposure(_ user: String, _ variant: String, at offset: Int64) -> Exposure {
        Exposure(app: "demo", experiment: "onboarding", seed: "onboarding", variant: variant, user: user,
                 time: time(offset), policy: "sha256:1")
    }

    static func purchase(_ transaction: String, _ user: String, at offset: Int64, value: String,
                         currency: String = "USD") -> ClientPurchase {
        ClientPurchase(app: "demo", transaction: transaction, user: user, time: time(offset), product: "pro",
                       value: value, currency: currency)
    }

    static func request(from: Int64 = -10 * day, to: Int64 = 30 * day, window: Int64 = 14 * day,
                        factors: [String: Double] = ["USD": 1]) -> TallyRequest {
        TallyRequest(app: "demo", experiment: "onboarding", seed: "onboarding", from: time(from), to: time(to),
                     window: window, factors: factors)
    }

    /// alice and bob see the paywall, carol and dave the holdout, erin both (multiple).
    static func record(_ store: any ExposureStore) throws {
        try store.recordExposures([exposure("alice", "paywall", at: 0), exposure("bob", "paywall", at: day),
                                   exposure("carol", "holdout", at: 0), exposure("dave", "holdout", at: 2 * day),
                                   exposure("erin", "paywall", at: 0), exposure("erin", "holdout", at: 10)])
        _ = try store.recordClientPurchases([
            purchase("t1", "alice", at: 100, value: "4.99"),
            purchase("t2", "alice", at: 200, value: "10.01"),
            purchase("t3", "bob", at: day + 50, value: "0"),
            purchase("t4", "bob", at: -5, value: "9.99"),
            purchase("t5", "carol", at: 15 * day, value: "9.99"),
            purchase("t6", "dave", at: 3 * day, value: "9.20", currency: "EUR"),
            purchase("t7", "erin", at: 100, value: "9.99"),
        ])
    }

    @Test(arguments: StoreBackend.allCases) func buyersAreSummedWithinTheirWindow(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let exposures = try StoreLocation(store.location).openExposures(.create)
        try Self.record(exposures)
        let tally = try exposures.tally(Self.request())
        #expect(tally.variants["paywall"] == ExposureTally.Variant(
            users: 2, conversions: 2, paidConversions: 1, trialStarts: 1, revenue: 15, revenueSquares: 225),
                "alice paid 4.99 + 10.01, bob started a trial; bob's purchase before his exposure does not count")
        #expect(tally.variants["holdout"] == ExposureTally.Variant(users: 2, conversions: 1, paidConversions: 1),
                "carol bought after her window; dave paid in EUR, which the factors cannot count")
        #expect(tally.multipleExposures == 1 && tally.leftOutPurchases == 1)
        #expect(tally.days == [
            ExposureTally.Day(day: "2026-11-30", users: ["paywall": 1, "holdout": 1]),
            ExposureTally.Day(day: "2026-12-01", users: ["paywall": 1]),
            ExposureTally.Day(day: "2026-12-02", users: ["holdout": 1]),
        ])
        #expect(try exposures.firstExposure(app: "demo", experiment: "onboarding", seed: "onboarding") == Self.time(0))
        #expect(try exposures.firstExposure(app: "demo", experiment: "onboarding", seed: "other") == nil)
    }

    @Test(arguments: StoreBackend.allCases) func ratesWindowAndPeriodBound(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let exposures = try StoreLocation(store.location).openExposures(.create)
        try Self.record(exposures)
        let converted = try exposures.tally(Self.request(factors: ["USD": 1, "EUR": 0.5]))
        #expect(converted.variants["holdout"]?.revenue == 4.6 && converted.leftOutPurchases == 0)
        let short = try exposures.tally(Self.request(window: 150))
        #expect(short.variants["paywall"] == ExposureTally.Variant(
            users: 2, conversions: 2, paidConversions: 1, trialStarts: 1, revenue: 4.99, revenueSquares: 4.99 * 4.99),
                "alice's second purchase falls outside a window of 150 s")
        let early = try exposures.tally(Self.request(to: 150))
        #expect(early.variants["paywall"]?.users == 1 && early.variants["paywall"]?.revenue == 4.99,
                "the period ends before bob's exposure and alice's second purchase")
        let late = try exposures.tally(Self.request(from: 1))
        #expect(late.variants["paywall"]?.users == 1 && late.variants["holdout"]?.users == 1)
        #expect(try exposures.tally(Self.request(factors: [:])).variants["paywall"]?.revenue == 0)
    }

    /// Records a store-confirmed purchase of `owner`, first bought `offset` seconds after noon.
    static func storePurchase(_ customers: any CustomerStore, _ id: String, owner: String?, at offset: Int64,
                              value: String?, environment: String = "production", refunded: Bool = false) throws {
        let key = PurchaseKey(app: "demo", store: "app-store", purchase: id)
        _ = try customers.recordPurchaseEvent(key, notification: nil) { _ in
            PurchaseUpdate(transactions: [CustomerStoreTests.transaction(id)], owner: owner,
                           conversion: StoreConversion(transaction: id, environment: environment, time: time(offset),
                                                       product: "pro", value: value,
                                                       currency: value == nil ? nil : "USD", refunded: refunded),
                           status: "applied")
        }
    }

    @Test(arguments: StoreBackend.allCases) func storePurchasesCountThroughTheirOwner(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let exposures = try StoreLocation(store.location).openExposures(.create)
        let customers = try store.openCustomers()
        try exposures.recordExposures([Self.exposure("alice", "paywall", at: 0), Self.exposure("bob", "paywall", at: 0),
                                       Self.exposure("carol", "holdout", at: 0), Self.exposure("dave", "holdout", at: 0)])
        try Self.storePurchase(customers, "1000", owner: "alice", at: 60, value: "4.99")
        try Self.storePurchase(customers, "2000", owner: "bob", at: 60, value: "9.99", refunded: true)
        try Self.storePurchase(customers, "3000", owner: "carol", at: 60, value: "9.99", environment: "sandbox")
        try Self.storePurchase(customers, "4000", owner: "dave", at: 60, value: nil)
        try Self.storePurchase(customers, "5000", owner: nil, at: 60, value: "9.99")
        _ = try exposures.recordClientPurchases([
            Self.purchase("1000", "alice", at: 90, value: "4.99"),
            Self.purchase("t-bob", "bob", at: 120, value: "0"),
        ])
        let tally = try exposures.tally(Self.request())
        #expect(tally.variants["paywall"] == ExposureTally.Variant(
            users: 2, conversions: 2, paidConversions: 2, trialStarts: 1, revenue: 4.99, revenueSquares: 4.99 * 4.99),
                "alice's purchase once though the app reported it too; bob's refund converts at 0, then his trial")
        #expect(tally.variants["holdout"] == ExposureTally.Variant(users: 2, conversions: 1, paidConversions: 1),
                "carol's sandbox purchase does not count; dave's has no price")
        #expect(tally.leftOutPurchases == 1, "dave's purchase has no price to count")
        try customers.forgetCustomer(app: "demo", customer: "bob")
        let forgotten = try exposures.tally(Self.request())
        #expect(forgotten.variants["paywall"] == ExposureTally.Variant(
            users: 1, conversions: 1, paidConversions: 1, revenue: 4.99, revenueSquares: 4.99 * 4.99),
                "a forgotten customer's exposures, purchases and reports are gone")
        #expect(try exposures.clientPurchases(app: "demo").map(\.transaction) == ["1000"])
    }
}
