/// One app at a published version: what a channel points at (replicas compare these to see which apps
/// changed), or what a replica serves.
package struct ChannelPointer: Hashable, Sendable {
    package var app: String
    package var version: Int
    package var hash: String

    package init(app: String, version: Int, hash: String) {
        self.app = app
        self.version = version
        self.hash = hash
    }
}

/// A doorbell for replicas: names the apps a publish or rollback changed, soon after it commits.
///
/// A notification is only a doorbell. It is sent on commit to the listeners connected at that moment and
/// never replayed, so after every notification, and after every reconnect (a new feed), a listener
/// re-reads `PolicyStore.pointers(channel:)` and reloads the apps whose pointer changed.
package protocol ChangeFeed: AnyObject {
    /// Blocks until notifications arrive and returns the apps they name, or returns an empty set after
    /// `timeout`; throws when the connection is lost (open a new feed, then re-read the pointers).
    func wait(timeout: Duration) throws(StoreError) -> Set<String>
}
