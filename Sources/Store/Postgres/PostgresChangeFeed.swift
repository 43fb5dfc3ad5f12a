import CPostgres
import Glibc

/// A `ChangeFeed` on its own connection, `LISTEN`ing on the channel every publish and rollback notifies
/// with the app's name.
///
/// A notification is only a doorbell: after every one, and after every reconnect, the listener re-reads
/// `PolicyStore.pointers(channel:)`.
package final class PostgresChangeFeed: ChangeFeed {
    /// The notification channel publishes and rollbacks send the app's name on.
    static let channel = "tollgate_changes"

    private let connection: PostgresConnection
    private let name: String

    /// Connects to `url` and starts listening; `name` is the URL without its password, for errors.
    init(url: String, name: String) throws(StoreError) {
        self.name = name
        do throws(PostgresError) {
            connection = try PostgresConnection(url: url)
            try connection.execute("LISTEN \(Self.channel)")
        } catch {
            throw StoreError(error, name: name)
        }
    }

    /// The server process serving the feed's connection (`pg_backend_pid()`).
    package var backendPID: Int32 { connection.backendPID }

    package func wait(timeout: Duration) throws(StoreError) -> Set<String> {
        let deadline = ContinuousClock.now + timeout
        do throws(PostgresError) {
            var apps = Set(connection.takeNotifications())
            while apps.isEmpty {
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { break }
                var descriptor = pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0)
                guard descriptor.fd >= 0 else {
                    throw PostgresError(message: "the connection is closed", connectionLost: true)
                }
                let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
                let ready = poll(&descriptor, 1, Int32(clamping: max(1, milliseconds)))
                if ready < 0 && errno != EINTR {
                    throw PostgresError(message: "poll failed (errno \(errno))", connectionLost: true)
                }
                if ready > 0 {
                    try connection.consumeInput()
                    apps.formUnion(connection.takeNotifications())
                }
            }
            return apps
        } catch {
            throw StoreError(error, name: name)
        }
    }
}
