import Store
import TestSupport
import Testing
import TollgateEvaluation

/// The conversion rows of store-confirmed purchases, alike on both backends: written in the purchase's
/// transaction, replaced whole by a later update, left alone by none, and kept when the owner is forgotten.
@Suite(.tags(.postgres)) struct ConversionStoreTests {
    static let purchase = CustomerStoreTests.purchase

    static func conversion(value: String? = "4.99", refunded: Bool = false) -> StoreConversion {
        StoreConversion(transaction: "1000", environment: "production", time: TemporaryStore.noon, product: "pro",
                        value: value, currency: value == nil ? nil : "USD", refunded: refunded)
    }

    @Test(arguments: StoreBackend.allCases) func aConversionIsReplacedWholeAndSeenByTheNextEvent(
        _ backend: StoreBackend
    ) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        #expect(try customers.storeConversions(app: "demo").isEmpty)
        _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { record in
            #expect(record.conversion == nil)
            return PurchaseUpdate(transactions: [CustomerStoreTests.transaction("1000")], owner: "alice",
                                  conversion: Self.conversion(value: nil), status: "applied")
        }
        #expect(try customers.storeConversions(app: "demo") == [Self.purchase: Self.conversion(value: nil)])
        _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { record in
            #expect(record.conversion == Self.conversion(value: nil))
            return PurchaseUpdate(conversion: Self.conversion(refunded: true), status: "applied")
        }
        _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { _ in
            PurchaseUpdate(status: "applied")
        }
        #expect(try customers.storeConversions(app: "demo") == [Self.purchase: Self.conversion(refunded: true)],
                "a later update replaces every column; none leaves the row")
        #expect(try customers.purchase(Self.purchase)?.conversion == Self.conversion(refunded: true))
        let other = PurchaseKey(app: "other", store: "play", purchase: "tok")
        _ = try customers.recordPurchaseEvent(other, notification: nil) { _ in
            PurchaseUpdate(transactions: [CustomerStoreTests.transaction("tok")], conversion: Self.conversion(),
                           status: "unclaimed")
        }
        #expect(try customers.storeConversions(app: "other") == [other: Self.conversion()],
                "a purchase nobody owns has its row too")
        #expect(try customers.storeConversions(app: "demo").count == 1)
    }

    @Test(arguments: StoreBackend.allCases) func forgettingTheOwnerKeepsTheConversion(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        _ = try customers.recordPurchaseEvent(Self.purchase, notification: nil) { _ in
            PurchaseUpdate(transactions: [CustomerStoreTests.transaction("1000")], owner: "alice",
                           conversion: Self.conversion(), status: "applied")
        }
        try customers.forgetCustomer(app: "demo", customer: "alice")
        #expect(try customers.storeConversions(app: "demo") == [Self.purchase: Self.conversion()])
        #expect(try customers.purchase(Self.purchase)?.owner == nil, "no owner joins it to a user any more")
    }
}
