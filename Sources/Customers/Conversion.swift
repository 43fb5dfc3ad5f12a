package import TollgateEvaluation

/// A purchase the store confirmed, as experiment results count it: its first transaction, when it was bought,
/// what it cost and whether it was refunded.
package struct Conversion: Hashable, Sendable {
    /// The first transaction's id: App Store's `originalTransactionId`, Play's first order id (without `..N`).
    package var transaction: String
    package var environment: StoreEnvironment
    /// When the first transaction was bought.
    package var time: Timestamp
    package var product: String?
    /// The first transaction's price as exact decimal text (`10.99`, `0` for a free trial); nil when the store's
    /// answer names no price.
    package var value: String?
    /// ISO 4217 code of `value`; nil when `value` is.
    package var currency: String?
    /// Whether the first transaction was refunded, revoked or voided.
    package var refunded: Bool

    package init(transaction: String, environment: StoreEnvironment, time: Timestamp, product: String?,
                 value: String?, currency: String?, refunded: Bool) {
        self.transaction = transaction
        self.environment = environment
        self.time = time
        self.product = product
        self.value = value
        self.currency = value == nil ? nil : currency
        self.refunded = refunded
    }

    /// `whole.fraction` as decimal text, `fraction` having `digits` digits, without trailing zeros (and without the
    /// point when the fraction is 0): `(10, 990, 3)` is `10.99`; a minus sign first when `negative` and not 0.
    static func decimal(whole: UInt64, fraction: UInt64, digits: Int, negative: Bool) -> String {
        var text = String(whole)
        if fraction != 0 {
            var part = String(fraction)
            part = String(repeating: "0", count: max(0, digits - part.count)) + part
            while part.last == "0" { part.removeLast() }
            text += "." + part
        }
        return negative && (whole != 0 || fraction != 0) ? "-" + text : text
    }
}

extension Purchase {
    /// The purchase's conversion: from the transaction whose id is the purchase's (the earliest bought held when
    /// that one is not), its price in milliunits as decimal text (`0` for a `FREE_TRIAL` offer), refunded once it
    /// has a `revocationDate`. Nil for an empty purchase and for an environment other than `Production` or
    /// `Sandbox`.
    package var conversion: Conversion? {
        let first = transactions[originalTransactionID]
            ?? transactions.values.min { ($0.purchaseDate, $0.transactionID) < ($1.purchaseDate, $1.transactionID) }
        guard let first, let environment = StoreEnvironment(appStore: first.environment) else { return nil }
        let value = first.offerDiscountType == "FREE_TRIAL" ? "0" : first.price.map { price in
            Conversion.decimal(whole: price.magnitude / 1000, fraction: price.magnitude % 1000, digits: 3,
                               negative: price < 0)
        }
        return Conversion(transaction: originalTransactionID, environment: environment,
                          time: first.transactionID == originalTransactionID ? first.purchaseDate
                              : first.originalPurchaseDate,
                          product: first.productID, value: value, currency: first.currency,
                          refunded: first.revocationDate != nil)
    }
}

extension PlayPurchase {
    /// The purchase's conversion, given the one held for it (a read of a renewal no longer tells the first order's
    /// price, so it keeps the held one's). Nil before the API was read, for a pending purchase, and without an
    /// order id or a time.
    ///
    /// - Subscription: `startTime`, the first order (`latestOrderId`, else the first line item's
    ///   `latestSuccessfulOrderId`, cut at its first `..`), the first line item's policy product, and its
    ///   `autoRenewingPlan.recurringPrice`, while that first order's line item is in no offer phase: `0` in a free
    ///   trial, nil in an introductory price or an offer whose phase Google did not send. Refunded once voided.
    /// - One-time product: `purchaseTime`, `orderId`, the product, no price (Google's answer has none). Refunded
    ///   once voided or canceled (`purchaseState` 1).
    package func conversion(policy: CustomerPolicy, held: Conversion?) -> Conversion? {
        switch read {
        case .subscription(let subscription):
            guard !subscription.state.hasPrefix("SUBSCRIPTION_STATE_PENDING"), let start = subscription.startTime,
                  let order = subscription.latestOrderID ?? subscription.lineItems.first?.latestSuccessfulOrderID
            else { return nil }
            let first = order.indices.first { order[$0...].hasPrefix("..") }.map { String(order[..<$0]) } ?? order
            let item = subscription.lineItems.first
            var value: String?
            var currency: String?
            if first != order {
                if held?.transaction == first { (value, currency) = (held?.value, held?.currency) }
            } else if let item, let price = item.recurringPrice {
                switch item.periodType {
                case .trial: (value, currency) = ("0", price.currencyCode)
                case .normal: (value, currency) = (price.decimal, price.currencyCode)
                case .intro, .promotional: break
                }
            }
            return Conversion(transaction: first, environment: environment, time: start,
                              product: item.map { Self.product(of: $0, policy: policy) }, value: value,
                              currency: currency, refunded: voidedAt != nil)
        case .product(let productID, let purchase):
            guard purchase.purchaseState != 2, let time = purchase.purchaseTime, let order = purchase.orderID else {
                return nil
            }
            return Conversion(transaction: order, environment: environment, time: time, product: productID,
                              value: nil, currency: nil, refunded: voidedAt != nil || purchase.purchaseState == 1)
        case nil:
            return nil
        }
    }
}
