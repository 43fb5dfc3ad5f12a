/// A `ChangeFeed` on its own connection, `LISTEN`ing on the channel every publish and rollback notifies
/// with the app's name.
///
/// A notification is only a doorbell: after every one, and after every reconnect, the listener re-reads
/// `PolicyStore.pointers(channel:)`.
package final class PostgresChangeFeed: ChangeFeed {
    /// The notification channel publishes and rollbacks send the app's name on.
    static let channel = "tollgate_changes"

    private let listener: PostgresListener

    /// Connects to `url` and starts listening; `name` is the URL without its password, for errors.
    init(url: String, name: String) throws(StoreError) {
        listener = try PostgresListener(url: url, name: name, channel: Self.channel)
    }

    /// The server process serving the feed's connection (`pg_backend_pid()`).
    package var backendPID: Int32 { listener.backendPID }

    package func wait(timeout: Duration) throws(StoreError) -> Set<String> {
        Set(try listener.wait(timeout: timeout))
    }
}
