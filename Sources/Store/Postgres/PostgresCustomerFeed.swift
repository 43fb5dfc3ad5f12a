/// A `CustomerChangeFeed` on its own connection, `LISTEN`ing on the channel every change of a customer
/// notifies.
///
/// A notification's payload is the app and the customer with a line feed between them, `app\ncustomer`
/// (a customer id holds no control characters); a payload without one is not the store's and is dropped.
package final class PostgresCustomerFeed: CustomerChangeFeed {
    /// The notification channel changes of customers are sent on.
    static let channel = "tollgate_customers"

    private let listener: PostgresListener

    /// Connects to `url` and starts listening; `name` is the URL without its password, for errors.
    init(url: String, name: String) throws(StoreError) {
        listener = try PostgresListener(url: url, name: name, channel: Self.channel)
    }

    /// The server process serving the feed's connection (`pg_backend_pid()`).
    package var backendPID: Int32 { listener.backendPID }

    package func wait(timeout: Duration) throws(StoreError) -> CustomerChanges {
        .customers(Set(try listener.wait(timeout: timeout).compactMap(Self.customer(in:))))
    }

    /// The payload that names `customer` of `app`.
    static func payload(app: String, customer: String) -> String {
        app + "\n" + customer
    }

    /// The customer `payload` names, split at its last line feed (the customer id holds none).
    static func customer(in payload: String) -> CustomerRef? {
        guard let separator = payload.lastIndex(of: "\n") else { return nil }
        return CustomerRef(app: String(payload[..<separator]),
                           customer: String(payload[payload.index(after: separator)...]))
    }
}
