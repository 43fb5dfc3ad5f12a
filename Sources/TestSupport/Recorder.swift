import Synchronization

/// Items appended from any thread: the log lines or answers a test collects while a server runs.
package final class Recorder<Item: Sendable>: Sendable {
    private let storage = Mutex<[Item]>([])

    package init() {}

    /// What was appended so far, in order.
    package var items: [Item] { storage.withLock { $0 } }

    package func append(_ item: Item) {
        storage.withLock { $0.append(item) }
    }
}
