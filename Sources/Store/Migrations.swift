/// The store's schema as an append-only list of steps; `PRAGMA user_version` is the number applied.
///
/// A step is never edited once released: a change is a new step at the end.
enum Migrations {
    static let steps = [
        """
        CREATE TABLE snapshots (
            id INTEGER PRIMARY KEY,
            app TEXT NOT NULL,
            version INTEGER NOT NULL,
            hash TEXT NOT NULL,
            bundle BLOB NOT NULL,
            author TEXT NOT NULL,
            message TEXT NOT NULL,
            created_at TEXT NOT NULL,
            UNIQUE (app, version),
            UNIQUE (app, hash)
        );
        CREATE TABLE snapshot_files (
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id),
            path TEXT NOT NULL,
            content BLOB NOT NULL,
            PRIMARY KEY (snapshot_id, path)
        );
        CREATE TABLE channels (
            app TEXT NOT NULL,
            name TEXT NOT NULL,
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id),
            PRIMARY KEY (app, name)
        );
        CREATE TABLE products (
            app TEXT NOT NULL,
            product_id TEXT NOT NULL,
            type TEXT NOT NULL,
            first_version INTEGER NOT NULL,
            last_version INTEGER NOT NULL,
            PRIMARY KEY (app, product_id)
        );
        CREATE TABLE audit (
            id INTEGER PRIMARY KEY,
            app TEXT NOT NULL,
            channel TEXT NOT NULL,
            action TEXT NOT NULL CHECK (action IN ('publish', 'rollback')),
            snapshot_id INTEGER NOT NULL REFERENCES snapshots (id),
            author TEXT NOT NULL,
            message TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE INDEX audit_by_channel ON audit (app, channel, id);
        """,
        """
        CREATE TABLE replicas (
            id TEXT PRIMARY KEY,
            host TEXT NOT NULL,
            pid INTEGER NOT NULL,
            channel TEXT NOT NULL,
            started_at TEXT NOT NULL,
            last_seen TEXT NOT NULL
        );
        CREATE TABLE replica_apps (
            replica_id TEXT NOT NULL REFERENCES replicas (id) ON DELETE CASCADE,
            app TEXT NOT NULL,
            version INTEGER NOT NULL,
            hash TEXT NOT NULL,
            PRIMARY KEY (replica_id, app)
        );
        """,
        """
        CREATE TABLE store_notifications (
            app TEXT NOT NULL,
            store TEXT NOT NULL,
            id TEXT NOT NULL,
            type TEXT NOT NULL,
            subtype TEXT,
            signed_date TEXT NOT NULL,
            payload TEXT NOT NULL,
            status TEXT NOT NULL,
            received_at TEXT NOT NULL,
            purchase TEXT,
            PRIMARY KEY (app, store, id)
        );
        CREATE TABLE store_transactions (
            app TEXT NOT NULL,
            store TEXT NOT NULL,
            purchase TEXT NOT NULL,
            id TEXT NOT NULL,
            signed_date TEXT NOT NULL,
            payload TEXT NOT NULL,
            PRIMARY KEY (app, store, id)
        );
        CREATE INDEX store_transactions_by_purchase ON store_transactions (app, store, purchase);
        CREATE TABLE store_renewals (
            app TEXT NOT NULL,
            store TEXT NOT NULL,
            purchase TEXT NOT NULL,
            signed_date TEXT NOT NULL,
            payload TEXT NOT NULL,
            PRIMARY KEY (app, store, purchase)
        );
        CREATE TABLE purchase_owners (
            app TEXT NOT NULL,
            store TEXT NOT NULL,
            purchase TEXT NOT NULL,
            customer TEXT,
            since TEXT NOT NULL,
            PRIMARY KEY (app, store, purchase)
        );
        CREATE INDEX purchase_owners_by_customer ON purchase_owners (app, customer);
        CREATE TABLE credit_ledger (
            id INTEGER PRIMARY KEY,
            app TEXT NOT NULL,
            customer TEXT,
            environment TEXT NOT NULL,
            currency TEXT NOT NULL,
            amount INTEGER NOT NULL,
            reason TEXT NOT NULL,
            key TEXT,
            store TEXT,
            purchase TEXT,
            transaction_id TEXT,
            time TEXT NOT NULL,
            UNIQUE (app, key)
        );
        CREATE INDEX credit_ledger_by_customer ON credit_ledger (app, customer, environment, currency);
        CREATE INDEX credit_ledger_by_purchase ON credit_ledger (app, store, purchase);
        CREATE TABLE credit_spends (
            app TEXT NOT NULL,
            customer TEXT NOT NULL,
            idempotency_key TEXT NOT NULL,
            environment TEXT NOT NULL,
            currency TEXT NOT NULL,
            amount INTEGER NOT NULL,
            balance_after INTEGER NOT NULL,
            time TEXT NOT NULL,
            PRIMARY KEY (app, customer, idempotency_key)
        );
        CREATE TABLE customer_events (
            id INTEGER PRIMARY KEY,
            app TEXT NOT NULL,
            customer TEXT NOT NULL,
            time TEXT NOT NULL,
            store TEXT NOT NULL,
            event TEXT NOT NULL,
            product TEXT,
            transaction_id TEXT,
            effect TEXT NOT NULL
        );
        CREATE INDEX customer_events_by_customer ON customer_events (app, customer, time, id);
        """,
        """
        CREATE TABLE store_actions (
            app TEXT NOT NULL,
            store TEXT NOT NULL,
            purchase TEXT NOT NULL,
            action TEXT NOT NULL,
            requested_at TEXT NOT NULL,
            claimed_until TEXT,
            done_at TEXT,
            PRIMARY KEY (app, store, purchase, action)
        );
        CREATE INDEX store_actions_pending ON store_actions (app, requested_at) WHERE done_at IS NULL;
        """,
        """
        CREATE TABLE exposures (
            app TEXT NOT NULL,
            experiment TEXT NOT NULL,
            seed TEXT NOT NULL,
            user_id TEXT NOT NULL,
            variant TEXT NOT NULL,
            first_time TEXT NOT NULL,
            policy TEXT NOT NULL,
            multiple INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (app, experiment, seed, user_id)
        );
        CREATE INDEX exposures_by_first_time ON exposures (app, experiment, seed, first_time);
        CREATE TABLE client_purchases (
            app TEXT NOT NULL,
            transaction_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            time TEXT NOT NULL,
            product TEXT,
            value TEXT NOT NULL,
            currency TEXT NOT NULL,
            PRIMARY KEY (app, transaction_id)
        );
        CREATE INDEX client_purchases_by_user ON client_purchases (app, user_id, time);
        """,
        """
        CREATE TABLE store_conversions (
            app TEXT NOT NULL,
            store TEXT NOT NULL,
            purchase TEXT NOT NULL,
            transaction_id TEXT NOT NULL,
            environment TEXT NOT NULL,
            time TEXT NOT NULL,
            product TEXT,
            value TEXT,
            currency TEXT,
            refunded INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (app, store, purchase)
        );
        CREATE INDEX store_conversions_by_transaction ON store_conversions (app, transaction_id);
        """,
        // Results count users by day, variant and `multiple` from the index alone, without a lookup of each
        // exposure's row.
        """
        DROP INDEX exposures_by_first_time;
        CREATE INDEX exposures_by_first_time_variant
            ON exposures (app, experiment, seed, first_time, variant, multiple);
        """,
        // The customers each commit changed, in commit order, so that another connection's customer cache drops
        // only them (SQLiteCommitFeed); the newest are kept (`SQLiteCommitFeed.changesKept`).
        """
        CREATE TABLE customer_changes (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            app TEXT NOT NULL,
            customer TEXT NOT NULL
        );
        """,
    ]

    /// Brings the schema up to date in one transaction; refuses a database from a newer schema.
    static func apply(to connection: Connection) throws(StoreError) {
        let current = try version(of: connection)
        guard current <= steps.count else {
            throw .newerSchema(path: connection.path, found: current, known: steps.count)
        }
        guard current < steps.count else { return }
        do {
            try connection.transaction { () throws(SQLiteError) in
                // Another process may have migrated while this one waited for the write lock.
                let now = try Int(connection.prepare("PRAGMA user_version").onlyRow().integer("user_version"))
                for step in steps[min(now, steps.count)...] {
                    try connection.execute(step)
                }
                try connection.execute("PRAGMA user_version = \(steps.count)")
            }
        } catch {
            throw StoreError(error, path: connection.path)
        }
    }

    /// The number of steps applied, read without writing anything.
    static func version(of connection: Connection) throws(StoreError) -> Int {
        do {
            return Int(try connection.prepare("PRAGMA user_version").onlyRow().integer("user_version"))
        } catch {
            throw StoreError(error, path: connection.path)
        }
    }
}
