import Customers
import Testing
import TollgateEvaluation

/// A consumable's credits per transaction × quantity, and the same amount back once it is refunded.
@Suite struct CreditChangeTests {
    typealias P = Payloads
    static let coins = ProductFacts(type: .consumable, credits: CreditGrant(currency: "coins", amount: 100))

    static func coinTransaction(_ id: String, quantity: Int? = nil, revoked: Int64? = nil,
                                signed: Int64 = 0) throws -> AppStoreTransaction {
        try P.transaction(id, original: "5000", product: "coins.100", type: "Consumable", purchased: 0,
                          signed: signed, revoked: revoked, quantity: quantity)
    }

    @Test func eachTransactionGrantsItsQuantity() throws {
        let purchase = P.purchase([try Self.coinTransaction("5001"), try Self.coinTransaction("5000", quantity: 3)],
                                  original: "5000")
        #expect(purchase.creditChanges(product: Self.coins) == [
            CreditChange(key: "5000:purchase", transactionID: "5000", currency: "coins", amount: 300,
                         reason: "purchase"),
            CreditChange(key: "5001:purchase", transactionID: "5001", currency: "coins", amount: 100,
                         reason: "purchase"),
        ])
    }

    @Test func aRefundTakesTheSameAmountBackUnderItsOwnKey() throws {
        var purchase = P.purchase([try Self.coinTransaction("5000", quantity: 2)], original: "5000")
        purchase.merge(try Self.coinTransaction("5000", quantity: 2, revoked: 10, signed: 10))
        #expect(purchase.creditChanges(product: Self.coins) == [
            CreditChange(key: "5000:purchase", transactionID: "5000", currency: "coins", amount: 200,
                         reason: "purchase"),
            CreditChange(key: "5000:refund", transactionID: "5000", currency: "coins", amount: -200,
                         reason: "refund"),
        ])
    }

    @Test func noCreditsWithoutAGrantOrForOtherTypes() throws {
        let coins = P.purchase([try Self.coinTransaction("5000")], original: "5000")
        #expect(coins.creditChanges(product: nil).isEmpty)
        #expect(coins.creditChanges(product: ProductFacts(type: .consumable)).isEmpty)
        let subscription = P.purchase([try P.transaction("1000", purchased: 0, expires: 10, signed: 0)])
        #expect(subscription.creditChanges(product: Self.coins).isEmpty)
    }

    @Test func aHugeQuantityIsHeldWithinRange() throws {
        let grant = ProductFacts(type: .consumable, credits: CreditGrant(currency: "coins", amount: .max / 2))
        let purchase = P.purchase([try Self.coinTransaction("5000", quantity: 4, revoked: 1, signed: 1)],
                                  original: "5000")
        #expect(purchase.creditChanges(product: grant).map(\.amount) == [.max, -.max])
    }

    @Test func versionsOfAnotherPurchaseAreIgnored() throws {
        var purchase = Purchase(originalTransactionID: "5000")
        #expect(!purchase.merge(try P.transaction("1", original: "9999", purchased: 0, signed: 0)))
        #expect(!purchase.merge(try P.renewal(original: "9999", signed: 0)))
        #expect(purchase == Purchase(originalTransactionID: "5000"))
        #expect(purchase.merge(try Self.coinTransaction("5000")))
        #expect(!purchase.merge(try Self.coinTransaction("5000")), "the same version again")
        #expect(purchase.productID == "coins.100")
    }
}
