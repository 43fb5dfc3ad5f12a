/// The `client_purchases` table: the purchases apps report, one row per app and transaction id, read by user and
/// time for experiment results.
extension DatabaseStore {
    package func recordClientPurchases(_ purchases: [ClientPurchase]) throws(StoreError) -> Int {
        guard !purchases.isEmpty else { return 0 }
        return try backend.write(locking: nil) { () throws(Backend.Failure) -> Int in
            var new = 0
            for purchase in purchases {
                new += try backend.query("""
                    INSERT INTO client_purchases (app, transaction_id, user_id, time, product, value, currency)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (app, transaction_id) DO NOTHING
                    RETURNING transaction_id
                    """, [.text(purchase.app), .text(purchase.transaction), .text(purchase.user),
                          .timestamp(purchase.time), purchase.product.map(StoreValue.text) ?? .null,
                          .text(purchase.value), .text(purchase.currency)]).count
            }
            return new
        }
    }

    package func clientPurchases(app: String) throws(StoreError) -> [ClientPurchase] {
        try read { () throws(Backend.Failure) in
            guard try backend.hasTable("client_purchases") else { return [] }
            return try backend.query("""
                SELECT transaction_id, user_id, time, product, value, currency FROM client_purchases
                WHERE app = ?1 ORDER BY user_id, time, transaction_id
                """, [.text(app)]).map { (row) throws(Backend.Failure) in
                ClientPurchase(app: app, transaction: try row.text("transaction_id"), user: try row.text("user_id"),
                               time: try row.timestamp("time"), product: try row.optionalText("product"),
                               value: try row.text("value"), currency: try row.text("currency"))
            }
        }
    }
}
