/// One database the store runs on, as `DatabaseStore` uses it: statements in the SQL both backends read,
/// reads and write transactions, and the few places where the two dialects differ (`SQLDialect`).
///
/// A backend opens and migrates its database and turns its own `Failure` into a `StoreError`; every
/// store method is written once, in `DatabaseStore`, over this protocol.
package protocol DatabaseBackend: AnyObject {
    associatedtype Failure: Error
    associatedtype Record: StoreRow where Record.Failure == Failure

    /// The store as messages name it: a path, or a database URL without its password.
    var name: String { get }

    /// Where this backend's SQL differs from the other's.
    var dialect: SQLDialect { get }

    /// Runs one statement whose parameters are written `?1`, `?2`…, and returns its rows.
    func query(_ sql: String, _ parameters: [StoreValue]) throws(Failure) -> [Record]

    /// The row of a statement that always returns one (an aggregate, `RETURNING`); none is an error.
    func queryRow(_ sql: String, _ parameters: [StoreValue]) throws(Failure) -> Record

    /// Runs `body`, whose statements only read, and reports its failure as a `StoreError`.
    func read<T>(_ body: () throws(Failure) -> T) throws(StoreError) -> T

    /// Runs `body` in one write transaction, rolled back when it throws; writes that name the same
    /// `lock` wait for each other (a backend may serialize every write instead).
    func write<T>(locking lock: String?, _ body: () throws(Failure) -> T) throws(StoreError) -> T

    /// Whether the table `name` exists: a store opened only to read is never migrated, so a table a
    /// later step added may be missing.
    func hasTable(_ name: String) throws(Failure) -> Bool

    /// Called inside the transaction that points a channel of `app` at another snapshot.
    func channelMoved(app: String) throws(Failure)

    /// A feed naming the apps each change commits, on a connection of its own; nil when the backend has none.
    func changeFeed() throws(StoreError) -> (any ChangeFeed)?

    /// Inside a write, waits for the writes that hold the lock `name` and holds it until this one ends (a backend
    /// that serializes every write needs nothing).
    func lock(_ name: String) throws(Failure)

    /// Called inside a transaction that changes the purchases, credits or links of `customers` of `app`.
    func customersChanged(app: String, customers: Set<String>) throws(Failure)

    /// A feed naming the customers each change commits, on a connection of its own; nil when the backend
    /// has none.
    func customerChangeFeed() throws(StoreError) -> (any CustomerChangeFeed)?
}
