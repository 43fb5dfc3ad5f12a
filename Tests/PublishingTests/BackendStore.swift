import Store
import TestSupport

extension BackendStore {
    /// The store, opened in `mode`.
    func open(_ mode: StoreMode = .create) throws(StoreError) -> any PolicyStore {
        try StoreLocation(location).open(mode)
    }
}
