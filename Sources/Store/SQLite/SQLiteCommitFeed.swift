import Foundation

/// A customer feed for an SQLite store, which has no notifications: it polls `PRAGMA data_version`, which moves
/// whenever another connection commits, and then says that anyone may have changed.
final class SQLiteCommitFeed: CustomerChangeFeed {
    private let connection: Connection
    private var version: Int64
    /// How often the data version is read while waiting.
    private static let interval = Duration.milliseconds(50)

    init(path: String) throws(SQLiteError) {
        connection = try Connection(path: path, readOnly: true)
        version = 0
        version = try dataVersion()
    }

    func wait(timeout: Duration) throws(StoreError) -> CustomerChanges {
        let deadline = ContinuousClock.now + timeout
        do throws(SQLiteError) {
            while true {
                let current = try dataVersion()
                if current != version {
                    version = current
                    return .unknown
                }
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return .customers([]) }
                Thread.sleep(forTimeInterval: Double(min(left, Self.interval).components.attoseconds) / 1e18)
            }
        } catch {
            throw StoreError(error, path: connection.path)
        }
    }

    private func dataVersion() throws(SQLiteError) -> Int64 {
        try connection.prepare("PRAGMA data_version").onlyRow().integer("data_version")
    }
}
