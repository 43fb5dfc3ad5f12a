import Foundation

/// A customer feed for an SQLite store, which has no notifications: it polls `PRAGMA data_version`, which moves
/// whenever another connection commits, and then reads the customers those commits logged in `customer_changes`
/// since the last it read.
///
/// A commit that changed no customer (a heartbeat, a batch of exposures) names none. When changes it had not read
/// were forgotten already, or the store has no log (a schema before it), the feed says anyone may have changed.
final class SQLiteCommitFeed: CustomerChangeFeed {
    /// The most changes the log keeps: a feed further behind drops every customer.
    static let changesKept: Int64 = 10_000

    private let connection: Connection
    private var version: Int64
    /// The last change read; nil while the store has no log.
    private var lastChange: Int64?
    /// How often the data version is read while waiting.
    private static let interval = Duration.milliseconds(50)

    init(path: String) throws(SQLiteError) {
        connection = try Connection(path: path, readOnly: true)
        version = 0
        version = try dataVersion()
        lastChange = try newestChange()
    }

    func wait(timeout: Duration) throws(StoreError) -> CustomerChanges {
        let deadline = ContinuousClock.now + timeout
        do throws(SQLiteError) {
            while true {
                let current = try dataVersion()
                if current != version {
                    version = current
                    return try changes()
                }
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return .customers([]) }
                Thread.sleep(forTimeInterval: Double(min(left, Self.interval).components.attoseconds) / 1e18)
            }
        } catch {
            throw StoreError(error, path: connection.path)
        }
    }

    /// The customers logged since the last change read, in one read transaction.
    private func changes() throws(SQLiteError) -> CustomerChanges {
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        guard let last = lastChange else {
            lastChange = try newestChange()
            return .unknown
        }
        let rows = try connection.prepare("SELECT seq, app, customer FROM customer_changes WHERE seq > ?1 ORDER BY seq")
            .rows([.integer(last)])
        guard let first = rows.first else { return .customers([]) }
        lastChange = try rows.last?.integer("seq")
        // Each commit's changes follow the last one's: a gap is changes already forgotten.
        guard try first.integer("seq") == last + 1 else { return .unknown }
        var customers: Set<CustomerRef> = []
        for row in rows {
            customers.insert(CustomerRef(app: try row.text("app"), customer: try row.text("customer")))
        }
        return .customers(customers)
    }

    /// The newest change logged, 0 when none is; nil when the store has no log.
    private func newestChange() throws(SQLiteError) -> Int64? {
        let table = try connection.prepare("SELECT count(*) AS found FROM sqlite_master WHERE name = 'customer_changes'")
            .onlyRow().integer("found")
        guard table > 0 else { return nil }
        return try connection.prepare("SELECT coalesce(max(seq), 0) AS seq FROM customer_changes").onlyRow()
            .integer("seq")
    }

    private func dataVersion() throws(SQLiteError) -> Int64 {
        try connection.prepare("PRAGMA data_version").onlyRow().integer("data_version")
    }
}
