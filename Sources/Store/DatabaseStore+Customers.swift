package import TollgateEvaluation

/// The customer tables (`store_notifications`, `store_transactions`, `store_renewals`, `purchase_owners`,
/// `credit_ledger`, `credit_spends`, `customer_events`, `store_conversions`), each change one transaction.
/// Balances are sums of the ledger, read through its index by app, customer and currency.
///
/// Writes of one purchase take the lock `tollgate:purchase:<app>:<store>:<purchase>`, spends and forgetting
/// `tollgate:customer:<app>:<customer>`. A store opened only to read is never migrated: on a store from
/// before the customer tables, reads answer that nobody bought anything.
extension DatabaseStore: CustomerStore {
    package func recordPurchaseEvent(
        _ key: PurchaseKey, notification: StoredNotification?, decide: (PurchaseRecord) -> PurchaseUpdate
    ) throws(StoreError) -> PurchaseEventOutcome {
        try backend.write(locking: "tollgate:purchase:\(key.app):\(key.store):\(key.purchase)") {
            () throws(Backend.Failure) -> PurchaseEventOutcome in
            if let notification, let status = try insert(notification, status: "", purchase: key.purchase) {
                return .duplicate(status: status)
            }
            // The owner's lock too, taken before the purchase is read: a forget of the owner is then either
            // committed and seen, or waits for this event.
            if let owner = try backend.query(
                "SELECT customer FROM purchase_owners WHERE app = ?1 AND store = ?2 AND purchase = ?3",
                [.text(key.app), .text(key.store), .text(key.purchase)]).first?.optionalText("customer") {
                try backend.lock(customerLock(app: key.app, customer: owner))
            }
            let record = try purchaseRecord(key) ?? PurchaseRecord(key: key)
            let update = decide(record)
            try apply(update, to: record)
            if let notification {
                _ = try backend.query(
                    "UPDATE store_notifications SET status = ?1 WHERE app = ?2 AND store = ?3 AND id = ?4",
                    [.text(update.status), .text(notification.app), .text(notification.store), .text(notification.id)])
            }
            let customers = Set([record.owner, update.owner].compactMap(\.self) + update.credits.compactMap(\.customer)
                + update.events.map(\.customer))
            if !customers.isEmpty { try backend.customersChanged(app: key.app, customers: customers) }
            return .recorded(update)
        }
    }

    package func recordNotification(_ notification: StoredNotification, status: String) throws(StoreError) -> Bool {
        try backend.write(locking: nil) { () throws(Backend.Failure) in
            try insert(notification, status: status, purchase: nil) == nil
        }
    }

    package func notificationStatus(app: String, store: String, id: String) throws(StoreError) -> String? {
        try read { () throws(Backend.Failure) in
            guard try backend.hasTable("store_notifications") else { return nil }
            return try backend.query("SELECT status FROM store_notifications WHERE app = ?1 AND store = ?2 AND id = ?3",
                                     [.text(app), .text(store), .text(id)]).first?.text("status")
        }
    }

    package func purchases(app: String, ownedBy customer: String,
                           store: String?) throws(StoreError) -> [PurchaseRecord] {
        try read { () throws(Backend.Failure) in
            guard try backend.hasTable("purchase_owners") else { return [] }
            // Through the index by app and customer, then each table's index by purchase.
            let owned = """
                app = ?1 AND (store, purchase) IN (SELECT store, purchase FROM purchase_owners
                    WHERE app = ?1 AND customer = ?2 AND (?3 IS NULL OR store = ?3))
                """
            return try purchaseRecords(app: app, where: owned, [.text(app), .text(customer),
                                                                store.map(StoreValue.text) ?? .null])
                .values.sorted { ($0.key.store, $0.key.purchase) < ($1.key.store, $1.key.purchase) }
        }
    }

    package func purchase(_ key: PurchaseKey) throws(StoreError) -> PurchaseRecord? {
        try read { () throws(Backend.Failure) in
            guard try backend.hasTable("purchase_owners") else { return nil }
            return try purchaseRecord(key, conversion: backend.hasTable("store_conversions"))
        }
    }

    package func storeConversions(app: String) throws(StoreError) -> [PurchaseKey: StoreConversion] {
        try read { () throws(Backend.Failure) in
            guard try backend.hasTable("store_conversions") else { return [:] }
            return try conversions(where: "app = ?1", [.text(app)], app: app)
        }
    }

    package func balances(app: String, customer: String, environment: String) throws(StoreError) -> [String: Int64] {
        try read { () throws(Backend.Failure) in
            guard try backend.hasTable("credit_ledger") else { return [:] }
            return Dictionary(uniqueKeysWithValues: try backend.query("""
                SELECT currency, CAST(SUM(amount) AS BIGINT) AS balance FROM credit_ledger
                WHERE app = ?1 AND customer = ?2 AND environment = ?3 GROUP BY currency
                """, [.text(app), .text(customer), .text(environment)]).map { (row) throws(Backend.Failure) in
                (try row.text("currency"), try row.integer("balance"))
            })
        }
    }

    package func events(app: String, customer: String, limit: Int) throws(StoreError) -> [CustomerEvent] {
        try read { () throws(Backend.Failure) in
            guard try backend.hasTable("customer_events") else { return [] }
            return try backend.query("""
                SELECT customer, time, store, event, product, transaction_id, effect FROM customer_events
                WHERE app = ?1 AND customer = ?2 ORDER BY time DESC, id DESC LIMIT ?3
                """, [.text(app), .text(customer), .integer(Int64(max(0, limit)))]).reversed().map {
                (row) throws(Backend.Failure) in
                CustomerEvent(customer: try row.text("customer"), time: try row.timestamp("time"),
                              store: try row.text("store"), event: try row.text("event"),
                              product: try row.optionalText("product"),
                              transaction: try row.optionalText("transaction_id"), effect: try row.text("effect"))
            }
        }
    }

    package func spendCredits(app: String, customer: String, environment: String, currency: String, amount: Int64,
                              idempotencyKey: String, time: Timestamp) throws(StoreError) -> SpendOutcome {
        precondition(amount > 0, "a spend takes a positive amount")
        return try backend.write(locking: customerLock(app: app, customer: customer)) {
            () throws(Backend.Failure) -> SpendOutcome in
            if let first = try backend.query(
                "SELECT amount, balance_after FROM credit_spends WHERE app = ?1 AND customer = ?2 AND idempotency_key = ?3",
                [.text(app), .text(customer), .text(idempotencyKey)]).first {
                return .replayed(balance: try first.integer("balance_after"), spent: try first.integer("amount"))
            }
            let balance = try backend.queryRow("""
                SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) AS balance FROM credit_ledger
                WHERE app = ?1 AND customer = ?2 AND environment = ?3 AND currency = ?4
                """, [.text(app), .text(customer), .text(environment), .text(currency)]).integer("balance")
            guard balance >= amount else { return .insufficient(balance: balance) }
            let entry = LedgerEntry(customer: customer, environment: environment, currency: currency, amount: -amount,
                                    reason: "spend", key: "spend:\(customer.utf8.count):\(customer):\(idempotencyKey)",
                                    transaction: nil, time: time)
            try insert(entry, app: app, purchase: nil)
            _ = try backend.query("""
                INSERT INTO credit_spends
                    (app, customer, idempotency_key, environment, currency, amount, balance_after, time)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                """, [.text(app), .text(customer), .text(idempotencyKey), .text(environment), .text(currency),
                      .integer(amount), .integer(balance - amount), .timestamp(time)])
            try backend.customersChanged(app: app, customers: [customer])
            return .spent(balance: balance - amount, spent: amount)
        }
    }

    package func forgetCustomer(app: String, customer: String) throws(StoreError) {
        let dialect = backend.dialect
        try backend.write(locking: customerLock(app: app, customer: customer)) { () throws(Backend.Failure) in
            let parameters: [StoreValue] = [.text(app), .text(customer)]
            _ = try backend.query(
                "UPDATE purchase_owners SET customer = NULL, since = \(dialect.now) WHERE app = ?1 AND customer = ?2",
                parameters)
            // A purchase's grants and refunds stay, belonging to no one, so that its credits are never granted again.
            _ = try backend.query(
                "UPDATE credit_ledger SET customer = NULL WHERE app = ?1 AND customer = ?2 AND purchase IS NOT NULL",
                parameters)
            for table in ["credit_ledger", "customer_events", "credit_spends"] {
                _ = try backend.query("DELETE FROM \(table) WHERE app = ?1 AND customer = ?2", parameters)
            }
            // What the customer was shown and reported buying is theirs too: experiment results forget them.
            for table in ["exposures", "client_purchases"] {
                _ = try backend.query("DELETE FROM \(table) WHERE app = ?1 AND user_id = ?2", parameters)
            }
            try backend.customersChanged(app: app, customers: [customer])
        }
    }

    package func claimAction(_ action: PurchaseAction, now: Timestamp, until: Timestamp) throws(StoreError) -> Bool {
        try backend.write(locking: nil) { () throws(Backend.Failure) -> Bool in
            try !backend.query("""
                UPDATE store_actions SET claimed_until = ?5
                WHERE app = ?1 AND store = ?2 AND purchase = ?3 AND action = ?4 AND done_at IS NULL
                    AND (claimed_until IS NULL OR claimed_until <= ?6)
                RETURNING action
                """, Self.parameters(action) + [.timestamp(until), .timestamp(now)]).isEmpty
        }
    }

    package func finishAction(_ action: PurchaseAction, done: Bool, at time: Timestamp) throws(StoreError) {
        try backend.write(locking: nil) { () throws(Backend.Failure) in
            let row = "app = ?1 AND store = ?2 AND purchase = ?3 AND action = ?4"
            _ = try backend.query(
                done ? "UPDATE store_actions SET done_at = ?5, claimed_until = NULL WHERE \(row)"
                    : "UPDATE store_actions SET claimed_until = NULL WHERE \(row) AND done_at IS NULL",
                Self.parameters(action) + (done ? [.timestamp(time)] : []))
        }
    }

    package func pendingActions(of key: PurchaseKey) throws(StoreError) -> [PurchaseAction] {
        try read { () throws(Backend.Failure) in
            guard try backend.hasTable("store_actions") else { return [] }
            return try pendingActionRows(of: key)
        }
    }

    package func pendingActions(app: String, limit: Int) throws(StoreError) -> [PurchaseAction] {
        try read { () throws(Backend.Failure) in
            guard try backend.hasTable("store_actions") else { return [] }
            return try backend.query("""
                SELECT store, purchase, action FROM store_actions WHERE app = ?1 AND done_at IS NULL
                ORDER BY requested_at, store, purchase, action LIMIT ?2
                """, [.text(app), .integer(Int64(max(0, limit)))]).map { (row) throws(Backend.Failure) in
                PurchaseAction(key: PurchaseKey(app: app, store: try row.text("store"), purchase: try row.text("purchase")),
                               action: try row.text("action"))
            }
        }
    }

    /// A feed that names the customers each commit changes; nil on SQLite.
    package func customerChangeFeed() throws(StoreError) -> (any CustomerChangeFeed)? {
        try backend.customerChangeFeed()
    }

    // MARK: Helpers

    private func customerLock(app: String, customer: String) -> String {
        "tollgate:customer:\(app):\(customer)"
    }

    /// Inserts `notification` unless its id is there: nil when inserted, else the status it was stored with.
    private func insert(_ notification: StoredNotification, status: String,
                        purchase: String?) throws(Backend.Failure) -> String? {
        let inserted = try backend.query("""
            INSERT INTO store_notifications
                (app, store, id, type, subtype, signed_date, payload, status, received_at, purchase)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) ON CONFLICT (app, store, id) DO NOTHING RETURNING id
            """, [.text(notification.app), .text(notification.store), .text(notification.id), .text(notification.type),
                  notification.subtype.map(StoreValue.text) ?? .null, .timestamp(notification.signedDate),
                  .text(notification.text), .text(status), .timestamp(notification.receivedAt),
                  purchase.map(StoreValue.text) ?? .null])
        guard inserted.isEmpty else { return nil }
        return try backend.queryRow("SELECT status FROM store_notifications WHERE app = ?1 AND store = ?2 AND id = ?3",
                                    [.text(notification.app), .text(notification.store), .text(notification.id)])
            .text("status")
    }

    /// What the store holds of the purchase `key`, with its conversion unless `conversion` is false (a store from
    /// before the table), or nil when it holds nothing.
    private func purchaseRecord(_ key: PurchaseKey,
                                conversion: Bool = true) throws(Backend.Failure) -> PurchaseRecord? {
        let parameters: [StoreValue] = [.text(key.app), .text(key.store), .text(key.purchase)]
        let condition = "app = ?1 AND store = ?2 AND purchase = ?3"
        var record = try purchaseRecords(app: key.app, where: condition, parameters)[key]
        if conversion { record?.conversion = try conversions(where: condition, parameters, app: key.app)[key] }
        return record
    }

    /// The conversion rows of `app` that `condition` selects, by purchase.
    private func conversions(where condition: String, _ parameters: [StoreValue],
                             app: String) throws(Backend.Failure) -> [PurchaseKey: StoreConversion] {
        var conversions: [PurchaseKey: StoreConversion] = [:]
        for row in try backend.query("""
            SELECT store, purchase, transaction_id, environment, time, product, value, currency, refunded
            FROM store_conversions WHERE \(condition)
            """, parameters) {
            let key = PurchaseKey(app: app, store: try row.text("store"), purchase: try row.text("purchase"))
            conversions[key] = StoreConversion(
                transaction: try row.text("transaction_id"), environment: try row.text("environment"),
                time: try row.timestamp("time"), product: try row.optionalText("product"),
                value: try row.optionalText("value"), currency: try row.optionalText("currency"),
                refunded: try row.integer("refunded") != 0)
        }
        return conversions
    }

    /// The purchases of `app` whose rows `condition` selects in each table (naming the columns `app`,
    /// `store` and `purchase` they all have), read in one statement so that what it reads agrees.
    private func purchaseRecords(app: String, where condition: String,
                                 _ parameters: [StoreValue]) throws(Backend.Failure) -> [PurchaseKey: PurchaseRecord] {
        let rows = try backend.query("""
            SELECT 'owner' AS kind, store, purchase, customer AS id, NULL AS signed_date, NULL AS payload
                FROM purchase_owners WHERE \(condition)
            UNION ALL SELECT 'transaction', store, purchase, id, signed_date, payload
                FROM store_transactions WHERE \(condition)
            UNION ALL SELECT 'renewal', store, purchase, purchase, signed_date, payload
                FROM store_renewals WHERE \(condition)
            UNION ALL SELECT 'credit', store, purchase, key, customer, NULL
                FROM credit_ledger WHERE \(condition)
            """, parameters)
        var records: [PurchaseKey: PurchaseRecord] = [:]
        for row in rows {
            let key = PurchaseKey(app: app, store: try row.text("store"), purchase: try row.text("purchase"))
            var record = records[key] ?? PurchaseRecord(key: key)
            switch try row.text("kind") {
            case "owner":
                record.owner = try row.optionalText("id")
                record.forgotten = record.owner == nil
            case "transaction": record.transactions.append(try payload(row, id: row.text("id")))
            case "renewal": record.renewal = try payload(row, id: key.purchase)
            default:
                // Keyless rows are skipped here, not in SQL: `key IS NOT NULL` would lead SQLite to scan the
                // app's whole ledger by its index on keys.
                // A credit row carries its customer in the `signed_date` column, which only payload rows need.
                if let creditKey = try row.optionalText("id") {
                    record.credits[creditKey] = .some(try row.optionalText("signed_date"))
                }
            }
            records[key] = record
        }
        for key in records.keys {
            records[key]?.transactions.sort { $0.id < $1.id }
        }
        return records
    }

    /// Writes `update` to the purchase `record` holds, inside the event's transaction.
    private func apply(_ update: PurchaseUpdate, to record: PurchaseRecord) throws(Backend.Failure) {
        let key = record.key
        let purchase: [StoreValue] = [.text(key.app), .text(key.store), .text(key.purchase)]
        for transaction in update.transactions {
            _ = try backend.query("""
                INSERT INTO store_transactions (app, store, purchase, id, signed_date, payload)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (app, store, id) DO UPDATE
                SET purchase = excluded.purchase, signed_date = excluded.signed_date, payload = excluded.payload
                """, purchase + [.text(transaction.id), .timestamp(transaction.signedDate), .text(transaction.text)])
        }
        if let renewal = update.renewal {
            _ = try backend.query("""
                INSERT INTO store_renewals (app, store, purchase, signed_date, payload) VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT (app, store, purchase) DO UPDATE
                SET signed_date = excluded.signed_date, payload = excluded.payload
                """, purchase + [.timestamp(renewal.signedDate), .text(renewal.text)])
        }
        if let owner = update.owner, owner != record.owner {
            _ = try backend.query("""
                INSERT INTO purchase_owners (app, store, purchase, customer, since)
                VALUES (?1, ?2, ?3, ?4, \(backend.dialect.now))
                ON CONFLICT (app, store, purchase) DO UPDATE SET customer = excluded.customer, since = excluded.since
                """, purchase + [.text(owner)])
        }
        for credit in update.credits {
            try insert(credit, app: key.app, purchase: key)
        }
        if let conversion = update.conversion, conversion != record.conversion {
            _ = try backend.query("""
                INSERT INTO store_conversions
                    (app, store, purchase, transaction_id, environment, time, product, value, currency, refunded)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                ON CONFLICT (app, store, purchase) DO UPDATE
                SET transaction_id = excluded.transaction_id, environment = excluded.environment, time = excluded.time,
                    product = excluded.product, value = excluded.value, currency = excluded.currency,
                    refunded = excluded.refunded
                """, purchase + [.text(conversion.transaction), .text(conversion.environment),
                                 .timestamp(conversion.time), conversion.product.map(StoreValue.text) ?? .null,
                                 conversion.value.map(StoreValue.text) ?? .null,
                                 conversion.currency.map(StoreValue.text) ?? .null,
                                 .integer(conversion.refunded ? 1 : 0)])
        }
        if let actions = update.actions {
            for pending in try pendingActionRows(of: key) where !actions.contains(pending.action) {
                _ = try backend.query("""
                    UPDATE store_actions SET done_at = \(backend.dialect.now), claimed_until = NULL
                    WHERE app = ?1 AND store = ?2 AND purchase = ?3 AND action = ?4
                    """, Self.parameters(pending))
            }
            for action in actions {
                _ = try backend.query("""
                    INSERT INTO store_actions (app, store, purchase, action, requested_at)
                    VALUES (?1, ?2, ?3, ?4, \(backend.dialect.now))
                    ON CONFLICT (app, store, purchase, action) DO NOTHING
                    """, purchase + [.text(action)])
            }
        }
        for event in update.events {
            _ = try backend.query("""
                INSERT INTO customer_events (app, customer, time, store, event, product, transaction_id, effect)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                """, [.text(key.app), .text(event.customer), .timestamp(event.time), .text(event.store),
                      .text(event.event), event.product.map(StoreValue.text) ?? .null,
                      event.transaction.map(StoreValue.text) ?? .null, .text(event.effect)])
        }
    }

    /// The actions of the purchase `key` not done yet, by action.
    private func pendingActionRows(of key: PurchaseKey) throws(Backend.Failure) -> [PurchaseAction] {
        try backend.query("""
            SELECT action FROM store_actions
            WHERE app = ?1 AND store = ?2 AND purchase = ?3 AND done_at IS NULL ORDER BY action
            """, [.text(key.app), .text(key.store), .text(key.purchase)]).map { (row) throws(Backend.Failure) in
            PurchaseAction(key: key, action: try row.text("action"))
        }
    }

    /// The columns that name `action`'s row, as `?1`…`?4`.
    private static func parameters(_ action: PurchaseAction) -> [StoreValue] {
        [.text(action.key.app), .text(action.key.store), .text(action.key.purchase), .text(action.action)]
    }

    /// Appends `entry` to the ledger of `app`, for `purchase` if any, unless the ledger holds its key.
    private func insert(_ entry: LedgerEntry, app: String, purchase: PurchaseKey?) throws(Backend.Failure) {
        _ = try backend.query("""
            INSERT INTO credit_ledger
                (app, customer, environment, currency, amount, reason, key, store, purchase, transaction_id, time)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (app, key) DO NOTHING
            """, [.text(app), entry.customer.map(StoreValue.text) ?? .null, .text(entry.environment), .text(entry.currency),
                  .integer(entry.amount), .text(entry.reason), entry.key.map(StoreValue.text) ?? .null,
                  purchase.map { .text($0.store) } ?? .null, purchase.map { .text($0.purchase) } ?? .null,
                  entry.transaction.map(StoreValue.text) ?? .null, .timestamp(entry.time)])
    }

    /// The payload in a row's `signed_date` and `payload` columns, with `id`.
    private func payload(_ row: Backend.Record, id: String) throws(Backend.Failure) -> StoredPayload {
        StoredPayload(id: id, signedDate: try row.timestamp("signed_date"), text: try row.text("payload"))
    }
}
