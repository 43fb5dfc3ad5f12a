import Server
import Store
import Synchronization

/// The purchases apps report, kept in the service's store: one connection, opened when first needed and again
/// after a failure.
final class StoredPurchaseEvents: PurchaseEventSink {
    private let location: StoreLocation
    private let connection = Mutex<(any ExposureStore)?>(nil)

    init(location: StoreLocation) {
        self.location = location
    }

    func record(_ purchases: [PurchaseEvent]) throws(PurchaseEventFailure) {
        let rows = purchases.map { purchase in
            ClientPurchase(app: purchase.app, transaction: purchase.transaction, user: purchase.userID,
                           time: purchase.time, product: purchase.product, value: purchase.value,
                           currency: purchase.currency)
        }
        do {
            try connection.withLock { (store) throws(StoreError) in
                do throws(StoreError) {
                    if store == nil { store = try location.openExposures(.create) }
                    _ = try store?.recordClientPurchases(rows)
                } catch {
                    store = nil
                    throw error
                }
            }
        } catch {
            throw PurchaseEventFailure(error.description)
        }
    }
}
