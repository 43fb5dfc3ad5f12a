package import TollgateEvaluation

/// Published, immutable, content-addressed policy snapshots, channels that point at them, every product
/// id ever published, and an audit log of publishes and rollbacks: one interface, two backends
/// (`SQLiteStore`, an embedded file; `PostgresStore`, a database many replicas share) that answer alike,
/// written once in `DatabaseStore`.
///
/// A publish or rollback is one transaction; a crash at any instant leaves the old or the new state.
/// The replicas serving the store register in it too (`ReplicaRegistry`).
package protocol PolicyStore: ReplicaRegistry {
    /// The store as messages name it: a path, or a database URL without its password.
    var name: String { get }

    /// Publishes a snapshot to a channel in one transaction; a snapshot already published is reused,
    /// and one the channel already serves changes nothing.
    func publish(_ publication: Publication) throws(StoreError) -> PublishResult

    /// Points `channel` back at the snapshot `reference` names (a version or a hash prefix).
    func rollback(app: String, channel: String, to reference: String, author: String, message: String,
                  createdAt: Timestamp) throws(StoreError) -> ChannelChange

    /// Publishes and rollbacks, newest first, optionally of one app and one channel.
    func history(app: String?, channel: String?) throws(StoreError) -> [HistoryEntry]

    /// The snapshot `reference` names for `app`: a version number, or a prefix of its hash (with or
    /// without `sha256:`), with its files.
    func snapshot(app: String, reference: String) throws(StoreError) -> Snapshot

    /// The snapshot `channel` serves for `app`, or nil when nothing was published there.
    func active(app: String, channel: String) throws(StoreError) -> Snapshot?

    /// The apps with at least one snapshot, sorted.
    func apps() throws(StoreError) -> [String]

    /// Every product id `app` has published, with its type, and the app's newest version.
    func catalog(app: String) throws(StoreError) -> PublishedCatalog

    /// What `channel` serves for every app, sorted by app, in one cheap query: replicas compare it with
    /// what they serve to know which apps changed.
    func pointers(channel: String) throws(StoreError) -> [ChannelPointer]

    /// A feed that names the apps each publish or rollback changes, on a connection of its own; nil
    /// when the backend has none (SQLite: replicas poll `pointers`). A notification is only a doorbell:
    /// after every one, and after every new feed, the listener re-reads `pointers`.
    func changeFeed() throws(StoreError) -> (any ChangeFeed)?
}

extension PolicyStore {
    /// Every publish and rollback of `app`, or of every app, on any channel, newest first.
    package func history(app: String? = nil) throws(StoreError) -> [HistoryEntry] {
        try history(app: app, channel: nil)
    }
}
