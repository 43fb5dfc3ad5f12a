import Foundation
import Synchronization

/// Open customer stores, reused across requests: each store (one connection) serves one caller at a time,
/// and goes back to the pool after, unless it failed.
///
/// On SQLite the pool's writers take turns on a lock of its own: SQLite lets one writer in at a time and makes
/// the others wait in its busy handler, which sleeps for milliseconds between tries, so writers queued there
/// would leave the file idle between commits. Writers of other processes still wait in the busy handler.
///
/// Reads never create or migrate the store (they work on a read-only file or database user): before anything was
/// written there is nothing to read. Stores opened to read and to write are kept apart.
package final class StorePool: Sendable {
    /// An open store, handed from one thread to the next but used by one at a time.
    private struct Idle: @unchecked Sendable {
        let store: any CustomerStore
    }

    package let location: StoreLocation
    private let idle = Mutex<[StoreMode: [Idle]]>([:])
    /// The most stores kept open while idle.
    private let capacity: Int
    /// Held by each write on SQLite, nil on PostgreSQL, whose writers run at once.
    private let writerTurn: NSLock?

    package init(location: StoreLocation, capacity: Int = 16) {
        self.location = location
        self.capacity = capacity
        if case .sqlite = location { writerTurn = NSLock() } else { writerTurn = nil }
    }

    /// `body` on a store that exists; nil when there is no store yet.
    package func read<T>(_ body: (any CustomerStore) throws(StoreError) -> T) throws(StoreError) -> T? {
        do throws(StoreError) {
            return try run(.read, body)
        } catch {
            if case .missing = error { return nil }
            throw error
        }
    }

    /// `body` on the store, created when missing.
    package func write<T>(_ body: (any CustomerStore) throws(StoreError) -> T) throws(StoreError) -> T {
        writerTurn?.lock()
        defer { writerTurn?.unlock() }
        return try run(.create, body)
    }

    /// `body` on a store kept open in `mode`, or on one opened now. A kept connection the database dropped while
    /// it was idle (a server restart) is replaced once by a new one: the transaction it failed in did not commit,
    /// or committed and is seen as done when run again.
    private func run<T>(_ mode: StoreMode, _ body: (any CustomerStore) throws(StoreError) -> T) throws(StoreError) -> T {
        if let kept = take(mode) {
            do throws(StoreError) {
                return try use(kept, mode, body)
            } catch {
                guard case .unreachable = error else { throw error }
            }
        }
        return try use(try location.openCustomers(mode), mode, body)
    }

    private func take(_ mode: StoreMode) -> (any CustomerStore)? {
        idle.withLock { $0[mode]?.popLast()?.store }
    }

    /// Runs `body` on `store` and keeps the store for the next caller, unless it failed.
    private func use<T>(_ store: any CustomerStore, _ mode: StoreMode,
                        _ body: (any CustomerStore) throws(StoreError) -> T) throws(StoreError) -> T {
        let result = try body(store)
        idle.withLock { stores in
            if stores[mode, default: []].count < capacity { stores[mode, default: []].append(Idle(store: store)) }
        }
        return result
    }
}
