import Store
import Synchronization

/// One connection to the experiment tables of a store, opened (and migrated) when first needed and again after
/// a failure; calls take turns on it.
final class ExposureConnection: Sendable {
    private let location: StoreLocation
    /// Whether each commit waits until it reached the disk.
    private let waitsForDisk: Bool
    private let store = Mutex<(any ExposureStore)?>(nil)

    init(location: StoreLocation, waitsForDisk: Bool = true) {
        self.location = location
        self.waitsForDisk = waitsForDisk
    }

    /// `body` on the connection; a failure drops it, so the next call opens a new one.
    func with<T: Sendable>(_ body: @Sendable (any ExposureStore) throws(StoreError) -> T) throws(StoreError) -> T {
        try store.withLock { (held) throws(StoreError) -> T in
            do throws(StoreError) {
                if held == nil {
                    let opened = try location.openExposures(.create)
                    if !waitsForDisk { try opened.commitWithoutWaitingForDisk() }
                    held = opened
                }
                return try body(held!)
            } catch {
                held = nil
                throw error
            }
        }
    }
}
