/// The store's tables in a PostgreSQL database that many replicas share.
///
/// A change is one transaction that first takes an advisory lock (`pg_advisory_xact_lock`) on what it
/// changes, so changes of one app are serialized (versions 1, 2, 3… without gaps); moving a channel
/// notifies `PostgresChangeFeed` listeners with the app's name on commit, and changing a customer
/// notifies `PostgresCustomerFeed` listeners. A call after the connection
/// was lost connects again first.
package final class PostgresBackend: DatabaseBackend {
    package typealias Failure = PostgresError
    package typealias Record = PostgresRow

    let connection: PostgresConnection
    /// The connection URI as given, password included, for the change feed's own connection.
    private let url: String
    /// The URL without its password.
    package let name: String

    package var dialect: SQLDialect { .postgres }

    /// Connects to `url` in `mode`: `.create` creates or migrates the Tollgate tables, `.write` migrates
    /// them, and a database without them is `.missing` for `.read` and `.write`.
    init(url: String, mode: StoreMode) throws(StoreError) {
        self.url = url
        name = PostgresURL.redacted(url)
        do {
            connection = try PostgresConnection(url: url)
        } catch {
            throw StoreError(error, name: name)
        }
        let version = try read { () throws(PostgresError) in try PostgresMigrations.version(of: connection) }
        let known = PostgresMigrations.steps.count
        if let version, version > known { throw .newerSchema(path: name, found: version, known: known) }
        if (version ?? 0) == 0 && mode != .create { throw .missing(path: name) }
        guard mode != .read, (version ?? 0) < known else { return }
        let migrated = try read { () throws(PostgresError) in try PostgresMigrations.apply(to: connection) }
        if migrated > known { throw .newerSchema(path: name, found: migrated, known: known) }
    }

    package func query(_ sql: String, _ parameters: [StoreValue]) throws(PostgresError) -> [PostgresRow] {
        try connection.execute(dialect.parameters(sql), parameters)
    }

    package func queryRow(_ sql: String, _ parameters: [StoreValue]) throws(PostgresError) -> PostgresRow {
        guard let row = try query(sql, parameters).first else {
            throw PostgresError(message: "no row where one is required", statement: sql)
        }
        return row
    }

    /// Runs `body` on the connection, connecting again first when the connection was lost since the last call.
    package func read<T>(_ body: () throws(PostgresError) -> T) throws(StoreError) -> T {
        connection.reconnectIfLost()
        do {
            return try body()
        } catch {
            throw StoreError(error, name: name)
        }
    }

    /// Runs `body` in one transaction that first takes the advisory lock `lock` names, if any: writes
    /// under one lock wait for each other, others do not.
    package func write<T>(locking lock: String?, _ body: () throws(PostgresError) -> T) throws(StoreError) -> T {
        try read { () throws(PostgresError) in
            try connection.transaction { () throws(PostgresError) in
                if let lock { try self.lock(lock) }
                return try body()
            }
        }
    }

    package func hasTable(_ name: String) throws(PostgresError) -> Bool {
        try queryRow("SELECT to_regclass(?1) IS NOT NULL AS present", [.text(name)]).bool("present")
    }

    /// Notifies the change feed's listeners with `app`'s name when the transaction commits.
    package func channelMoved(app: String) throws(PostgresError) {
        try connection.execute("SELECT pg_notify($1, $2)", [.text(PostgresChangeFeed.channel), .text(app)])
    }

    /// A feed on a connection of its own that names the apps each publish or rollback changes.
    package func changeFeed() throws(StoreError) -> (any ChangeFeed)? {
        try PostgresChangeFeed(url: url, name: name)
    }

    /// Takes the advisory lock `name` until the transaction ends.
    package func lock(_ name: String) throws(PostgresError) {
        try connection.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [.text(name)])
    }

    /// Notifies the customer feed's listeners with each customer when the transaction commits.
    package func customersChanged(app: String, customers: Set<String>) throws(PostgresError) {
        for customer in customers.sorted() {
            try connection.execute("SELECT pg_notify($1, $2)", [
                .text(PostgresCustomerFeed.channel), .text(PostgresCustomerFeed.payload(app: app, customer: customer)),
            ])
        }
    }

    /// A feed on a connection of its own that names the customers each change commits.
    package func customerChangeFeed() throws(StoreError) -> (any CustomerChangeFeed)? {
        try PostgresCustomerFeed(url: url, name: name)
    }
}

extension DatabaseStore where Backend == PostgresBackend {
    /// Connects to `url` in `mode`, creating or migrating the Tollgate tables as `mode` allows.
    package convenience init(url: String, mode: StoreMode) throws(StoreError) {
        self.init(backend: try PostgresBackend(url: url, mode: mode))
    }
}

extension PostgresRow: StoreRow {}
