import Customers
import Testing
import TollgateEvaluation

/// A purchase's conversion: its first transaction, the price as exact decimal text, free trials at 0, refunds, and
/// no conversion for a pending Play purchase.
@Suite struct ConversionTests {
    static func purchase(_ transactions: AppStoreTransaction...) -> Purchase {
        var purchase = Purchase(originalTransactionID: "1000")
        for transaction in transactions { purchase.merge(transaction) }
        return purchase
    }

    @Test(arguments: [(Int64(10_990), "10.99"), (0, "0"), (1, "0.001"), (4_000, "4"), (1_234_567, "1234.567"),
                      (50, "0.05")])
    func aPriceInMilliunitsIsExactDecimalText(_ price: Int64, _ text: String) throws {
        let conversion = Self.purchase(try Payloads.transaction("1000", purchased: 0, signed: 0, price: price,
                                                                 currency: "USD")).conversion
        #expect(conversion?.value == text)
        #expect(conversion?.currency == "USD")
    }

    @Test func theFirstTransactionIsTheConversion() throws {
        let conversion = Self.purchase(
            try Payloads.transaction("1001", purchased: 30 * Payloads.day, signed: 30 * Payloads.day, price: 9_990,
                                     currency: "USD"),
            try Payloads.transaction("1000", product: "pro.weekly", purchased: 0, signed: 0, environment: "Sandbox",
                                     price: 4_990, currency: "EUR")).conversion
        #expect(conversion == Conversion(transaction: "1000", environment: .sandbox, time: Payloads.at(0),
                                         product: "pro.weekly", value: "4.99", currency: "EUR", refunded: false))
    }

    @Test func withoutTheFirstTransactionTheEarliestHeldIsTheConversion() throws {
        let conversion = Self.purchase(
            try Payloads.transaction("1002", purchased: 60 * Payloads.day, signed: 60 * Payloads.day, price: 9_990,
                                     currency: "USD"),
            try Payloads.transaction("1001", purchased: 30 * Payloads.day, signed: 30 * Payloads.day, price: 8_990,
                                     currency: "USD")).conversion
        #expect(conversion?.transaction == "1000")
        #expect(conversion?.value == "8.99")
        #expect(conversion?.time == Payloads.at(0), "the original purchase date")
    }

    @Test func aFreeTrialIsZeroWhateverThePrice() throws {
        let conversion = Self.purchase(try Payloads.transaction("1000", purchased: 0, signed: 0, offerType: 1,
                                                                 discount: "FREE_TRIAL", price: 9_990,
                                                                 currency: "USD")).conversion
        #expect(conversion?.value == "0")
        #expect(conversion?.currency == "USD")
    }

    @Test func aRevokedFirstTransactionIsRefundedAndNoPriceIsNil() throws {
        let conversion = Self.purchase(try Payloads.transaction("1000", purchased: 0, signed: 10, revoked: 10))
            .conversion
        #expect(conversion?.refunded == true)
        #expect(conversion?.value == nil)
        #expect(conversion?.currency == nil)
        #expect(Self.purchase().conversion == nil)
        #expect(Self.purchase(try Payloads.transaction("1000", purchased: 0, signed: 0, environment: "Xcode"))
            .conversion == nil)
    }

    // MARK: Google Play

    /// A subscription whose one line item has `phase` (an `offerPhase` member, or none) and costs 4.99 USD.
    static func subscription(state: String = "ACTIVE", phase: String?, order: String = "GPA.1234-5678",
                             price: String = #"{"currencyCode": "USD", "units": "4", "nanos": 990000000}"#,
                             voided: Bool = false) throws -> PlayPurchase {
        let offerPhase = phase.map { #", "offerPhase": {"\#($0)": {}}"# } ?? ""
        let read = try PlaySubscriptionPurchase(json: PlayPayloads.json("""
            {"subscriptionState": "SUBSCRIPTION_STATE_\(state)", "startTime": "2026-01-01T00:00:00.123Z",
             "latestOrderId": "\(order)",
             "lineItems": [{"productId": "pro", "expiryTime": "\(PlayPayloads.future)",
                            "autoRenewingPlan": {"autoRenewEnabled": true, "recurringPrice": \(price)},
                            "offerDetails": {"basePlanId": "monthly"}\(offerPhase)}]}
            """))
        return PlayPayloads.purchase(.subscription(read), voided: voided)
    }

    static let start = Timestamp(secondsSince1970: 1_767_225_600)

    @Test func aPlaySubscriptionAtItsBasePriceIsItsRecurringPrice() throws {
        let conversion = try Self.subscription(phase: "basePrice").conversion(policy: PlayPayloads.policy, held: nil)
        #expect(conversion == Conversion(transaction: "GPA.1234-5678", environment: .production, time: Self.start,
                                         product: "pro:monthly", value: "4.99", currency: "USD", refunded: false))
        let old = try Self.subscription(phase: nil, price: #"{"currencyCode": "JPY", "units": "480"}"#)
        #expect(old.conversion(policy: PlayPayloads.policy, held: nil)?.value == "480")
        let nano = try Self.subscription(phase: nil, price: #"{"currencyCode": "USD", "nanos": 1}"#)
        #expect(nano.conversion(policy: PlayPayloads.policy, held: nil)?.value == "0.000000001")
    }

    @Test func aPlayFreeTrialIsZeroAndAnIntroPriceUnknown() throws {
        #expect(try Self.subscription(phase: "freeTrial").conversion(policy: PlayPayloads.policy, held: nil)?.value
            == "0")
        let intro = try Self.subscription(phase: "introductoryPrice").conversion(policy: PlayPayloads.policy, held: nil)
        #expect(intro?.value == nil)
        #expect(intro?.currency == nil)
        #expect(intro?.transaction == "GPA.1234-5678")
    }

    @Test func aRenewalsReadKeepsTheFirstOrdersHeldPrice() throws {
        let first = try Self.subscription(phase: "freeTrial").conversion(policy: PlayPayloads.policy, held: nil)
        let renewal = try Self.subscription(phase: "basePrice", order: "GPA.1234-5678..0", voided: true)
        let conversion = renewal.conversion(policy: PlayPayloads.policy, held: first)
        #expect(conversion?.transaction == "GPA.1234-5678", "the order id without its renewal suffix")
        #expect(conversion?.value == "0", "the renewal's price is not the first order's")
        #expect(conversion?.refunded == true)
        #expect(renewal.conversion(policy: PlayPayloads.policy, held: nil)?.value == nil)
    }

    @Test func aPendingPlayPurchaseHasNoConversion() throws {
        #expect(try Self.subscription(state: "PENDING", phase: nil).conversion(policy: PlayPayloads.policy,
                                                                               held: nil) == nil)
        let pending = PlayPayloads.purchase(.product(productID: "lifetime", try PlayPayloads.product(2)))
        #expect(pending.conversion(policy: PlayPayloads.policy, held: nil) == nil)
        #expect(PlayPurchase(token: "tok").conversion(policy: PlayPayloads.policy, held: nil) == nil)
    }

    @Test func aOneTimePlayProductHasNoPriceAndIsRefundedOnceCanceled() throws {
        let bought = PlayPayloads.purchase(.product(productID: "lifetime", try PlayPayloads.product(0)))
        #expect(bought.conversion(policy: PlayPayloads.policy, held: nil)
            == Conversion(transaction: "GPA.1234", environment: .production, time: Self.start, product: "lifetime",
                          value: nil, currency: nil, refunded: false))
        let canceled = PlayPayloads.purchase(.product(productID: "lifetime", try PlayPayloads.product(1)))
        #expect(canceled.conversion(policy: PlayPayloads.policy, held: nil)?.refunded == true)
        let voided = PlayPayloads.purchase(.product(productID: "lifetime", try PlayPayloads.product(0)), voided: true)
        #expect(voided.conversion(policy: PlayPayloads.policy, held: nil)?.refunded == true)
    }
}
