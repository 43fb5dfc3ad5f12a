import CPostgres
import Glibc

/// A connection of its own `LISTEN`ing on one notification channel: what both feeds (`PostgresChangeFeed`,
/// `PostgresCustomerFeed`) wait on.
final class PostgresListener {
    private let connection: PostgresConnection
    /// The URL without its password, for errors.
    private let name: String

    /// Connects to `url` and starts listening on `channel`.
    init(url: String, name: String, channel: String) throws(StoreError) {
        self.name = name
        do throws(PostgresError) {
            connection = try PostgresConnection(url: url)
            try connection.execute("LISTEN \(channel)")
        } catch {
            throw StoreError(error, name: name)
        }
    }

    /// The server process serving the connection (`pg_backend_pid()`).
    var backendPID: Int32 { connection.backendPID }

    /// Blocks until notifications arrive and returns their payloads, or none after `timeout`; throws when
    /// the connection is lost.
    func wait(timeout: Duration) throws(StoreError) -> [String] {
        let deadline = ContinuousClock.now + timeout
        do throws(PostgresError) {
            var payloads = connection.takeNotifications()
            while payloads.isEmpty {
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
                    payloads += connection.takeNotifications()
                }
            }
            return payloads
        } catch {
            throw StoreError(error, name: name)
        }
    }
}
