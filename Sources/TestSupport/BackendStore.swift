import Foundation

/// A store of one test's own: a file in a new temporary folder, or a new database in the test cluster
/// (`TOLLGATE_TEST_POSTGRES`); `remove()` deletes it. Test targets open it through `StoreLocation(location)`.
package struct BackendStore: Sendable {
    package let backend: StoreBackend
    /// Where the store is, as `--store` takes it: the file's path, or the database's URL.
    package let location: String
    /// The store as messages name it (the test cluster's URLs hold no password).
    package var name: String { location }
    /// The temporary folder holding an SQLite store.
    private let folder: URL?
    /// The PostgreSQL database, for tests that look behind the store's back.
    package let database: TestDatabase?

    package init(_ backend: StoreBackend, label: String = "store") throws {
        self.backend = backend
        switch backend {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("tollgate-store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            self.folder = folder
            database = nil
            location = folder.appendingPathComponent("store.sqlite").path
        case .postgres:
            let database = try TestDatabase.create(label)
            self.database = database
            folder = nil
            location = database.url
        }
    }

    package func remove() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        database?.drop()
    }
}
