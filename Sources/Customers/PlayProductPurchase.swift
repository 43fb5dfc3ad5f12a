package import JSON
package import TollgateEvaluation

/// A one-time product's purchase as the Developer API's `purchases.products.get` answers it (`ProductPurchase`).
package struct PlayProductPurchase: Hashable, Sendable {
    /// 0 purchased, 1 canceled (refunded or voided), 2 pending.
    package var purchaseState: Int
    /// `consumptionState` 1: consumed.
    package var consumed: Bool
    /// `acknowledgementState` 1: acknowledged.
    package var acknowledged: Bool
    /// 0 test (a license tester's purchase, which is sandbox), 1 promo, 2 rewarded; absent for a real purchase.
    package var purchaseType: Int?
    /// `obfuscatedExternalAccountId`: the account id the app set on the purchase.
    package var accountID: String?
    package var orderID: String?
    /// How many were bought at once; 1 when absent.
    package var quantity: Int64
    /// `purchaseTimeMillis`, sent as the text of a number, to the second.
    package var purchaseTime: Timestamp?

    /// Reads the answer; `purchaseState` is required, and every member present must have its documented kind.
    package init(json: JSONValue) throws(PayloadError) {
        let payload = try PayloadReader(json)
        purchaseState = Int(clamping: try payload.integer(required: "purchaseState"))
        consumed = try payload.integer("consumptionState") == 1
        acknowledged = try payload.integer("acknowledgementState") == 1
        purchaseType = try payload.integer("purchaseType").map { Int(clamping: $0) }
        accountID = try payload.string("obfuscatedExternalAccountId")
        orderID = try payload.string("orderId")
        quantity = try payload.integer("quantity") ?? 1
        purchaseTime = try payload.milliseconds("purchaseTimeMillis")
    }
}
