/// The PostgreSQL store's schema as an append-only list of steps, each a list of statements; the table
/// `tollgate_migrations` records each step applied, with when.
///
/// A step is never edited once released: a change is a new step at the end.
enum PostgresMigrations {
    static let steps: [[String]] = [
        [
            """
            CREATE TABLE snapshots (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                app TEXT NOT NULL,
                version BIGINT NOT NULL,
                hash TEXT NOT NULL,
                bundle BYTEA NOT NULL,
                author TEXT NOT NULL,
                message TEXT NOT NULL,
                created_at TEXT NOT NULL,
                UNIQUE (app, version),
                UNIQUE (app, hash)
            )
            """,
            """
            CREATE TABLE snapshot_files (
                snapshot_id BIGINT NOT NULL REFERENCES snapshots (id),
                path TEXT NOT NULL,
                content BYTEA NOT NULL,
                PRIMARY KEY (snapshot_id, path)
            )
            """,
            """
            CREATE TABLE channels (
                app TEXT NOT NULL,
                name TEXT NOT NULL,
                snapshot_id BIGINT NOT NULL REFERENCES snapshots (id),
                PRIMARY KEY (app, name)
            )
            """,
            """
            CREATE TABLE products (
                app TEXT NOT NULL,
                product_id TEXT NOT NULL,
                type TEXT NOT NULL,
                first_version BIGINT NOT NULL,
                last_version BIGINT NOT NULL,
                PRIMARY KEY (app, product_id)
            )
            """,
            """
            CREATE TABLE audit (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                app TEXT NOT NULL,
                channel TEXT NOT NULL,
                action TEXT NOT NULL CHECK (action IN ('publish', 'rollback')),
                snapshot_id BIGINT NOT NULL REFERENCES snapshots (id),
                author TEXT NOT NULL,
                message TEXT NOT NULL,
                created_at TEXT NOT NULL
            )
            """,
            "CREATE INDEX audit_by_channel ON audit (app, channel, id)",
        ],
        [
            """
            CREATE TABLE replicas (
                id TEXT PRIMARY KEY,
                host TEXT NOT NULL,
                pid BIGINT NOT NULL,
                channel TEXT NOT NULL,
                started_at TEXT NOT NULL,
                last_seen TIMESTAMPTZ NOT NULL
            )
            """,
            """
            CREATE TABLE replica_apps (
                replica_id TEXT NOT NULL REFERENCES replicas (id) ON DELETE CASCADE,
                app TEXT NOT NULL,
                version BIGINT NOT NULL,
                hash TEXT NOT NULL,
                PRIMARY KEY (replica_id, app)
            )
            """,
        ],
        [
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
            )
            """,
            """
            CREATE TABLE store_transactions (
                app TEXT NOT NULL,
                store TEXT NOT NULL,
                purchase TEXT NOT NULL,
                id TEXT NOT NULL,
                signed_date TEXT NOT NULL,
                payload TEXT NOT NULL,
                PRIMARY KEY (app, store, id)
            )
            """,
            "CREATE INDEX store_transactions_by_purchase ON store_transactions (app, store, purchase)",
            """
            CREATE TABLE store_renewals (
                app TEXT NOT NULL,
                store TEXT NOT NULL,
                purchase TEXT NOT NULL,
                signed_date TEXT NOT NULL,
                payload TEXT NOT NULL,
                PRIMARY KEY (app, store, purchase)
            )
            """,
            """
            CREATE TABLE purchase_owners (
                app TEXT NOT NULL,
                store TEXT NOT NULL,
                purchase TEXT NOT NULL,
                customer TEXT,
                since TIMESTAMPTZ NOT NULL,
                PRIMARY KEY (app, store, purchase)
            )
            """,
            "CREATE INDEX purchase_owners_by_customer ON purchase_owners (app, customer)",
            """
            CREATE TABLE credit_ledger (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                app TEXT NOT NULL,
                customer TEXT,
                environment TEXT NOT NULL,
                currency TEXT NOT NULL,
                amount BIGINT NOT NULL,
                reason TEXT NOT NULL,
                key TEXT,
                store TEXT,
                purchase TEXT,
                transaction_id TEXT,
                time TEXT NOT NULL,
                UNIQUE (app, key)
            )
            """,
            "CREATE INDEX credit_ledger_by_customer ON credit_ledger (app, customer, environment, currency)",
            "CREATE INDEX credit_ledger_by_purchase ON credit_ledger (app, store, purchase)",
            """
            CREATE TABLE credit_spends (
                app TEXT NOT NULL,
                customer TEXT NOT NULL,
                idempotency_key TEXT NOT NULL,
                environment TEXT NOT NULL,
                currency TEXT NOT NULL,
                amount BIGINT NOT NULL,
                balance_after BIGINT NOT NULL,
                time TEXT NOT NULL,
                PRIMARY KEY (app, customer, idempotency_key)
            )
            """,
            """
            CREATE TABLE customer_events (
                id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                app TEXT NOT NULL,
                customer TEXT NOT NULL,
                time TEXT NOT NULL,
                store TEXT NOT NULL,
                event TEXT NOT NULL,
                product TEXT,
                transaction_id TEXT,
                effect TEXT NOT NULL
            )
            """,
            "CREATE INDEX customer_events_by_customer ON customer_events (app, customer, time, id)",
        ],
        [
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
            )
            """,
            "CREATE INDEX store_actions_pending ON store_actions (app, requested_at) WHERE done_at IS NULL",
        ],
        [
            // Times compare as bytes, as on SQLite, whatever the database's collation.
            """
            CREATE TABLE exposures (
                app TEXT NOT NULL,
                experiment TEXT NOT NULL,
                seed TEXT NOT NULL,
                user_id TEXT NOT NULL,
                variant TEXT NOT NULL,
                first_time TEXT COLLATE "C" NOT NULL,
                policy TEXT NOT NULL,
                multiple INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (app, experiment, seed, user_id)
            )
            """,
            "CREATE INDEX exposures_by_first_time ON exposures (app, experiment, seed, first_time)",
            """
            CREATE TABLE client_purchases (
                app TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                user_id TEXT NOT NULL,
                time TEXT COLLATE "C" NOT NULL,
                product TEXT,
                value TEXT NOT NULL,
                currency TEXT NOT NULL,
                PRIMARY KEY (app, transaction_id)
            )
            """,
            "CREATE INDEX client_purchases_by_user ON client_purchases (app, user_id, time)",
        ],
        [
            """
            CREATE TABLE store_conversions (
                app TEXT NOT NULL,
                store TEXT NOT NULL,
                purchase TEXT NOT NULL,
                transaction_id TEXT NOT NULL,
                environment TEXT NOT NULL,
                time TEXT COLLATE "C" NOT NULL,
                product TEXT,
                value TEXT,
                currency TEXT,
                refunded INTEGER NOT NULL DEFAULT 0,
                PRIMARY KEY (app, store, purchase)
            )
            """,
            "CREATE INDEX store_conversions_by_transaction ON store_conversions (app, transaction_id)",
        ],
        [
            // Results group exposures by day: without the number of days, the planner takes every first time
            // for a group of its own and aggregates in one process, not in parallel workers.
            """
            CREATE STATISTICS exposures_by_day (ndistinct) ON (substr(first_time, 1, 10)), variant, multiple
            FROM exposures
            """,
        ],
        [
            // The stores' signed payloads are compressed with LZ4 where the server has it: PostgreSQL's own
            // compression cost a tenth of the server's work for each App Store notification.
            """
            DO $$ BEGIN
                IF EXISTS (SELECT 1 FROM pg_settings
                           WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
                    ALTER TABLE store_notifications ALTER COLUMN payload SET COMPRESSION lz4;
                    ALTER TABLE store_transactions ALTER COLUMN payload SET COMPRESSION lz4;
                    ALTER TABLE store_renewals ALTER COLUMN payload SET COMPRESSION lz4;
                END IF;
            END $$
            """,
        ],
    ]

    /// Serializes migrations across processes (`pg_advisory_xact_lock`), whatever the app locks use.
    private static let lock = "tollgate:migrations"

    /// Brings the schema up to date in one transaction under an advisory lock, so that processes
    /// migrating at once apply each step once; refuses a database from a newer schema.
    static func apply(to connection: PostgresConnection) throws(PostgresError) -> Int {
        try connection.transaction { () throws(PostgresError) -> Int in
            try connection.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [.text(lock)])
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS tollgate_migrations (
                    version INTEGER PRIMARY KEY,
                    applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
                )
                """)
            // Read after taking the lock: another process may have migrated meanwhile.
            let current = try version(of: connection) ?? 0
            guard current < steps.count else { return current }
            for (index, step) in steps.enumerated().dropFirst(current) {
                for statement in step {
                    try connection.execute(statement)
                }
                try connection.execute("INSERT INTO tollgate_migrations (version) VALUES ($1)", [.integer(Int64(index + 1))])
            }
            return steps.count
        }
    }

    /// The number of steps applied, or nil when the database holds no Tollgate tables; writes nothing.
    static func version(of connection: PostgresConnection) throws(PostgresError) -> Int? {
        let present = try connection.execute("SELECT to_regclass('tollgate_migrations') IS NOT NULL AS present")
        guard try present.first?.bool("present") == true else { return nil }
        let row = try connection.execute("SELECT COALESCE(MAX(version), 0) AS version FROM tollgate_migrations")
        return Int(try row.first?.integer("version") ?? 0)
    }
}
