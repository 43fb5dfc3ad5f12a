/// The shared store: every table of `PolicyStore` in a PostgreSQL database that many replicas read.
///
/// A publish or rollback is one transaction that first takes an advisory lock on its app, so changes of
/// one app are serialized (versions 1, 2, 3… without gaps), and that notifies `PostgresChangeFeed`
/// listeners with the app's name on commit. A call after the connection was lost connects again first.
package final class PostgresStore: PolicyStore {
    let connection: PostgresConnection
    /// The connection URI as given, password included, for the change feed's own connection.
    private let url: String
    /// The URL without its password.
    package let name: String

    /// Connects to `url` in `mode`: `.create` creates or migrates the Tollgate tables, `.write` migrates
    /// them, and a database without them is `.missing` for `.read` and `.write`.
    package init(url: String, mode: StoreMode) throws(StoreError) {
        self.url = url
        name = PostgresURL.redacted(url)
        do {
            connection = try PostgresConnection(url: url)
        } catch {
            throw StoreError(error, name: name)
        }
        let version = try run { () throws(PostgresError) in try PostgresMigrations.version(of: connection) }
        let known = PostgresMigrations.steps.count
        if let version, version > known { throw .newerSchema(path: name, found: version, known: known) }
        if (version ?? 0) == 0 && mode != .create { throw .missing(path: name) }
        guard mode != .read, (version ?? 0) < known else { return }
        let migrated = try run { () throws(PostgresError) in try PostgresMigrations.apply(to: connection) }
        if migrated > known { throw .newerSchema(path: name, found: migrated, known: known) }
    }

    // MARK: Changes

    /// Publishes a snapshot to a channel in one transaction; a snapshot already published is reused,
    /// and one the channel already serves changes nothing.
    package func publish(_ publication: Publication) throws(StoreError) -> PublishResult {
        try write(app: publication.app) { () throws(PostgresError) in try connection.publish(publication) }
    }

    /// Points `channel` back at the snapshot `reference` names (a version or a hash prefix).
    package func rollback(app: String, channel: String, to reference: String, author: String, message: String,
                          createdAt: String) throws(StoreError) -> ChannelChange {
        let target = try resolve(app: app, reference: reference)
        return try write(app: app) { () throws(PostgresError) in
            try connection.rollback(app: app, channel: channel, to: target, author: author, message: message,
                                    createdAt: createdAt)
        }
    }

    // MARK: Reading

    /// Publishes and rollbacks, newest first, optionally of one app and one channel.
    package func history(app: String?, channel: String?) throws(StoreError) -> [HistoryEntry] {
        try run { () throws(PostgresError) in try connection.history(app: app, channel: channel) }
    }

    /// The snapshot `reference` names for `app`: a version number, or a prefix of its hash (with or
    /// without `sha256:`), with its files.
    package func snapshot(app: String, reference: String) throws(StoreError) -> Snapshot {
        let target = try resolve(app: app, reference: reference)
        return try run { () throws(PostgresError) in try connection.snapshot(app: app, target) }
    }

    /// The snapshot `channel` serves for `app`, or nil when nothing was published there.
    package func active(app: String, channel: String) throws(StoreError) -> Snapshot? {
        try run { () throws(PostgresError) in try connection.active(app: app, channel: channel) }
    }

    /// The apps with at least one snapshot, sorted.
    package func apps() throws(StoreError) -> [String] {
        try run { () throws(PostgresError) in try connection.appNames() }
    }

    /// Every product id `app` has published, with its type, and the app's newest version.
    package func catalog(app: String) throws(StoreError) -> PublishedCatalog {
        try run { () throws(PostgresError) in try connection.catalog(app: app) }
    }

    /// What `channel` serves for every app, sorted by app: one query.
    package func pointers(channel: String) throws(StoreError) -> [ChannelPointer] {
        try run { () throws(PostgresError) in try connection.pointers(channel: channel) }
    }

    /// A feed on a connection of its own that names the apps each publish or rollback changes.
    package func changeFeed() throws(StoreError) -> (any ChangeFeed)? {
        try PostgresChangeFeed(url: url, name: name)
    }

    // MARK: Helpers

    private func resolve(app: String, reference: String) throws(StoreError) -> PostgresConnection.Target {
        let (matches, apps) = try run { () throws(PostgresError) in
            try connection.candidates(app: app, reference: reference)
        }
        return try SnapshotReference.only(matches, version: \.version, app: app, reference: reference, knownApps: apps)
    }

    /// Runs `body` in one transaction that first takes the advisory lock of `app`: changes of one app
    /// wait for each other, changes of other apps do not.
    private func write<T>(app: String, _ body: () throws(PostgresError) -> T) throws(StoreError) -> T {
        try run { () throws(PostgresError) in
            try connection.transaction { () throws(PostgresError) in
                try connection.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [.text("tollgate:app:" + app)])
                return try body()
            }
        }
    }

    /// Runs `body` on the connection, connecting again first when the connection was lost since the last call.
    func run<T>(_ body: () throws(PostgresError) -> T) throws(StoreError) -> T {
        connection.reconnectIfLost()
        do {
            return try body()
        } catch {
            throw StoreError(error, name: name)
        }
    }
}
