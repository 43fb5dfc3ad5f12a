/// How a store is opened: to read, to change an existing store, or to change it creating it first.
package enum StoreMode: Hashable, Sendable {
    /// Read only; the store must exist.
    case read
    /// Read and write; the store must exist.
    case write
    /// Read and write, creating the store (its file and folder, or its tables) when missing.
    case create
}
