package import TollgateEvaluation

/// Where the replicas of `tollgate serve` on a store say they are alive and what they serve, so
/// `tollgate fleet` can list them: each replica heartbeats every few seconds, and a replica is listed
/// while its last heartbeat is recent.
package protocol ReplicaRegistry: AnyObject {
    /// Records that `replica` is alive now and serves `replica.apps`, registering it on its first
    /// heartbeat; the store's clock sets its last-seen time.
    func heartbeat(_ replica: Replica) throws(StoreError)

    /// Removes the replica `id`, as a replica that stops does.
    func deregister(replica id: String) throws(StoreError)

    /// The replicas whose last heartbeat is at most `seconds` old, by host, pid and id.
    func replicas(seenWithin seconds: Int) throws(StoreError) -> [Replica]
}

/// A running `tollgate serve` on a store: who it is, which channel it serves, and what it serves of it.
package struct Replica: Hashable, Sendable {
    /// Chosen by the replica when it starts; unique across the fleet.
    package var id: String
    package var host: String
    package var pid: Int
    package var channel: String
    /// When it started.
    package var startedAt: Timestamp
    /// When the store last heard from it, by the store's clock; nil in a heartbeat, where the store sets it.
    package var lastSeen: Timestamp?
    /// What it serves, sorted by app.
    package var apps: [ChannelPointer]

    package init(id: String, host: String, pid: Int, channel: String, startedAt: Timestamp, lastSeen: Timestamp? = nil,
                 apps: [ChannelPointer]) {
        self.id = id
        self.host = host
        self.pid = pid
        self.channel = channel
        self.startedAt = startedAt
        self.lastSeen = lastSeen
        self.apps = apps
    }
}

