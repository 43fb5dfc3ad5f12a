import Store
import TestSupport
import Testing
import TollgateEvaluation

/// The purchases apps report: kept once per app and transaction id (a repeat keeps the first report), read by
/// user and time; alike on both backends.
@Suite(.tags(.postgres)) struct ClientPurchaseStoreTests {
    static func purchase(_ transaction: String, user: String = "u1", at seconds: Int64 = 1_796_083_200,
                         value: String = "4.99", app: String = "demo") -> ClientPurchase {
        ClientPurchase(app: app, transaction: transaction, user: user, time: Timestamp(secondsSince1970: seconds),
                       product: "pro", value: value, currency: "USD")
    }

    @Test(arguments: StoreBackend.allCases) func aTransactionIsKeptOnce(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let purchases = try StoreLocation(store.location).openExposures(.create)
        #expect(try purchases.clientPurchases(app: "demo").isEmpty)
        #expect(try purchases.recordClientPurchases([Self.purchase("t2", at: 1_796_083_300), Self.purchase("t1"),
                                                     Self.purchase("t3", user: "u0", value: "0")]) == 3)
        #expect(try purchases.recordClientPurchases([Self.purchase("t1", value: "9.99"), Self.purchase("t4")]) == 1,
                "a transaction reported again keeps its first report")
        _ = try purchases.recordClientPurchases([Self.purchase("t1", app: "other")])
        #expect(try purchases.clientPurchases(app: "demo").map(\.transaction) == ["t3", "t1", "t4", "t2"])
        #expect(try purchases.clientPurchases(app: "demo").first { $0.transaction == "t1" }?.value == "4.99")
        #expect(try purchases.clientPurchases(app: "other").count == 1)
    }
}
