import Store
import TestSupport

extension BackendStore {
    /// The store, opened in `mode`.
    func open(_ mode: StoreMode = .create) throws(StoreError) -> any PolicyStore {
        try StoreLocation(location).open(mode)
    }

    /// The store's customer tables, opened in `mode`.
    func openCustomers(_ mode: StoreMode = .create) throws(StoreError) -> any CustomerStore {
        try StoreLocation(location).openCustomers(mode)
    }
}
