/// A doorbell for replicas that cache customers: names the customers each commit changed (their purchases,
/// credits or links; both customers of a transfer), soon after it commits.
///
/// Like `ChangeFeed`, a notification is sent on commit to the listeners connected at that moment and never
/// replayed: after a reconnect (a new feed), a listener forgets every customer it cached.
package protocol CustomerChangeFeed: AnyObject {
    /// Blocks until notifications arrive and returns the customers they name, or returns no customers after
    /// `timeout`; throws when the connection is lost (open a new feed, then drop what was cached).
    func wait(timeout: Duration) throws(StoreError) -> CustomerChanges
}

/// What a customer feed heard.
package enum CustomerChanges: Hashable, Sendable {
    /// These customers changed; none when the wait timed out.
    case customers(Set<CustomerRef>)
    /// Something was committed, and the feed cannot say whose customers it changed: drop every one.
    case unknown
}
