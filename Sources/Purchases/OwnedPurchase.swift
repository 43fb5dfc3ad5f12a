import Customers
import Store
import TollgateEvaluation

/// A purchase a customer owns, of either store, as its stored rows make it up.
enum OwnedPurchase: Hashable, Sendable {
    case appStore(Purchase)
    case play(PlayPurchase)

    init(_ record: PurchaseRecord) {
        self = record.key.store == Marketplace.play.rawValue
            ? .play(PlayRecords.purchase(record)) : .appStore(PurchaseDecision.purchase(record))
    }

    /// The entitlements the purchase gives at `now`.
    func entitlements(at now: Timestamp, policy: CustomerPolicy) -> [CustomerEntitlement] {
        switch self {
        case .appStore(let purchase):
            purchase.entitlement(at: now, product: purchase.productID.flatMap { policy.products[$0] }).map { [$0] } ?? []
        case .play(let purchase):
            purchase.entitlements(at: now, policy: policy)
        }
    }
}
