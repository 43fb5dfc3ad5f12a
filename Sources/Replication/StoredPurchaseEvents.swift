import Server
import Store

/// The purchases apps report, kept in the service's store on a connection of their own.
final class StoredPurchaseEvents: PurchaseEventSink {
    private let connection: ExposureConnection

    init(location: StoreLocation) {
        connection = ExposureConnection(location: location)
    }

    func record(_ purchases: [PurchaseEvent]) throws(PurchaseEventFailure) {
        let rows = purchases.map { purchase in
            ClientPurchase(app: purchase.app, transaction: purchase.transaction, user: purchase.userID,
                           time: purchase.time, product: purchase.product, value: purchase.value,
                           currency: purchase.currency)
        }
        do {
            _ = try connection.with { (store) throws(StoreError) in try store.recordClientPurchases(rows) }
        } catch {
            throw PurchaseEventFailure(error.description)
        }
    }
}
