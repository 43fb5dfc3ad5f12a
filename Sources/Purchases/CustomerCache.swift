import Customers
package import Store
import Synchronization

/// Customers' purchases as last read, for evaluations by customer: an entry stays until a change to the
/// customer is committed, here or (through the store's change feed) by any replica.
///
/// A read that began before an invalidation is not kept, so an entry never holds what a later commit changed;
/// and nothing is kept while the feed is not connected, when a change could go unseen.
package final class CustomerCache: Sendable {
    private struct State {
        var entries: [CustomerRef: [OwnedPurchase]] = [:]
        /// Whether the change feed is connected; entries are used and kept only then.
        var following = false
        /// Counts invalidations; a read is kept only when none happened since it began.
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    /// The most customers kept; past it the cache starts again empty.
    private let capacity: Int

    package init(capacity: Int = 200_000) {
        self.capacity = capacity
    }

    /// The number of invalidations so far, taken before a read of the store.
    var generation: UInt64 { state.withLock { $0.generation } }

    func purchases(of customer: CustomerRef) -> [OwnedPurchase]? {
        state.withLock { $0.following ? $0.entries[customer] : nil }
    }

    /// Keeps `purchases`, read after `generation` was taken, unless something changed since.
    func keep(_ purchases: [OwnedPurchase], of customer: CustomerRef, readAt generation: UInt64) {
        state.withLock { state in
            guard state.following, state.generation == generation else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[customer] = purchases
        }
    }

    /// Drops what is kept of `customers`.
    package func invalidate(_ customers: some Sequence<CustomerRef>) {
        state.withLock { state in
            state.generation &+= 1
            for customer in customers { state.entries[customer] = nil }
        }
    }

    /// Drops every entry: something changed, and the feed cannot say whose.
    package func invalidateEveryone() {
        state.withLock { state in
            state.generation &+= 1
            state.entries.removeAll()
        }
    }

    /// Starts or stops keeping entries, as the change feed connects or is lost; either way drops them all,
    /// since a change may have gone unseen.
    package func follow(_ connected: Bool) {
        state.withLock { state in
            state.generation &+= 1
            state.entries.removeAll()
            state.following = connected
        }
    }
}
