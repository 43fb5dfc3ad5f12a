/// A call Tollgate must make to the Developer API for a purchase, kept as text until it succeeds.
package enum PlayAction: Hashable, Sendable {
    /// `purchases.subscriptions.acknowledge` under the line item's `productId` (no base plan).
    case acknowledgeSubscription(productID: String)
    /// `purchases.products.acknowledge`.
    case acknowledgeProduct(productID: String)
    /// `purchases.products.consume`, which acknowledges too.
    case consumeProduct(productID: String)

    /// The stored form: `acknowledge-subscription:<id>`, `acknowledge-product:<id>` or `consume-product:<id>`.
    package var text: String {
        switch self {
        case .acknowledgeSubscription(let productID): "acknowledge-subscription:" + productID
        case .acknowledgeProduct(let productID): "acknowledge-product:" + productID
        case .consumeProduct(let productID): "consume-product:" + productID
        }
    }

    /// The action `text` stores; nil for another text or an empty product id.
    package init?(text: String) {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let productID = String(text[text.index(after: colon)...])
        guard !productID.isEmpty else { return nil }
        switch text[..<colon] {
        case "acknowledge-subscription": self = .acknowledgeSubscription(productID: productID)
        case "acknowledge-product": self = .acknowledgeProduct(productID: productID)
        case "consume-product": self = .consumeProduct(productID: productID)
        default: return nil
        }
    }
}
