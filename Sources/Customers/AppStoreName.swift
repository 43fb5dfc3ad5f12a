/// A name Apple's payloads spell as a string with a documented set of values (a notification type, a subtype):
/// the documented ones are constants, and any other string is kept as sent, never refused.
package protocol AppStoreName: RawRepresentable<String>, Hashable, Sendable, CustomStringConvertible {
    init(rawValue: String)

    /// The values Apple documents.
    static var known: [Self] { get }
}

extension AppStoreName {
    /// Whether Apple documents this value.
    package var isKnown: Bool { Self.known.contains(self) }

    package var description: String { rawValue }
}
