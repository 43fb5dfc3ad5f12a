/// `PolicyStore` and `CustomerStore` written once, over either backend: `SQLiteStore` (an embedded file)
/// and `PostgresStore` (a database many replicas share) are this store on their backend, and answer alike.
///
/// A new store method is declared in its protocol and written here, in an extension named after its
/// concern (`DatabaseStore+Changes.swift`, `+Reading`, `+Fleet`, `+Customers`); the backends need no change.
package final class DatabaseStore<Backend: DatabaseBackend>: PolicyStore {
    let backend: Backend

    init(backend: Backend) {
        self.backend = backend
    }

    package var name: String { backend.name }

    /// A feed that names the apps each publish or rollback changes; nil on SQLite, where replicas poll.
    package func changeFeed() throws(StoreError) -> (any ChangeFeed)? {
        try backend.changeFeed()
    }

    /// Runs `body`, whose statements only read.
    func read<T>(_ body: () throws(Backend.Failure) -> T) throws(StoreError) -> T {
        try backend.read(body)
    }

    /// Runs `body` in one transaction that changes `app`: changes of one app wait for each other.
    func write<T>(app: String, _ body: () throws(Backend.Failure) -> T) throws(StoreError) -> T {
        try backend.write(locking: "tollgate:app:" + app, body)
    }
}

/// The embedded store: every table of `PolicyStore` in one SQLite file.
package typealias SQLiteStore = DatabaseStore<SQLiteBackend>

/// The shared store: every table of `PolicyStore` in a PostgreSQL database that many replicas read.
package typealias PostgresStore = DatabaseStore<PostgresBackend>
