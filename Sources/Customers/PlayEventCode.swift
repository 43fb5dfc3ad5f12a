/// A `notificationType` code of a Play notification body: the documented ones are constants with a name, and any
/// other code is kept, never refused.
package protocol PlayEventCode: RawRepresentable<Int>, Hashable, Sendable, CustomStringConvertible {
    init(rawValue: Int)

    /// What every name starts with: `SUBSCRIPTION_`, `ONE_TIME_PRODUCT_`.
    static var prefix: String { get }

    /// The names Google documents, by code, without the prefix.
    static var names: [Int: String] { get }
}

extension PlayEventCode {
    /// The event's name as the history writes it: `SUBSCRIPTION_RENEWED`, or `SUBSCRIPTION_<code>` for a code
    /// Google does not document.
    package var name: String { Self.prefix + (Self.names[rawValue] ?? String(rawValue)) }

    /// Whether Google documents this code.
    package var isKnown: Bool { Self.names[rawValue] != nil }

    package var description: String { name }
}
