import Foundation
import Store
import TestSupport
import Testing

/// A store of one test's own: a file in a new temporary folder, or a new database in the test cluster
/// (`TOLLGATE_TEST_POSTGRES`); `remove()` deletes it.
struct BackendStore {
    let backend: StoreBackend
    let location: StoreLocation
    /// The store as messages name it.
    let name: String
    private let folder: TemporaryStore?
    /// The PostgreSQL database, for tests that look behind the store's back.
    let database: TestDatabase?

    init(_ backend: StoreBackend, label: String = "store") throws {
        self.backend = backend
        switch backend {
        case .sqlite:
            let folder = try TemporaryStore()
            self.folder = folder
            database = nil
            location = .sqlite(path: folder.path)
            name = folder.path
        case .postgres:
            let database = try TestDatabase.create(label)
            self.database = database
            folder = nil
            location = .postgres(url: database.url)
            name = database.url
        }
    }

    /// The store, opened in `mode`.
    func open(_ mode: StoreMode = .create) throws(StoreError) -> any PolicyStore {
        try location.open(mode)
    }

    func remove() {
        folder?.remove()
        database?.drop()
    }
}
