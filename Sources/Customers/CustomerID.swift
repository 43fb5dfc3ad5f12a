/// The app's own id for a person (an account id or an install's anonymous id): 1–256 bytes of UTF-8 without
/// control characters.
package struct CustomerID: Hashable, Sendable, Comparable, CustomStringConvertible {
    package let text: String

    /// The most bytes of UTF-8 an id may have.
    package static let maxBytes = 256

    package init(_ text: String) throws(CustomerIDError) {
        let bytes = text.utf8.count
        if bytes == 0 { throw .empty }
        if bytes > Self.maxBytes { throw .tooLong(bytes: bytes) }
        if let scalar = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter(scalar.value)
        }
        self.text = text
    }

    package var description: String { text }

    package static func < (lhs: CustomerID, rhs: CustomerID) -> Bool {
        lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }
}

/// Why a text is not a customer id.
package enum CustomerIDError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    /// More than 256 bytes of UTF-8; `bytes` is how many.
    case tooLong(bytes: Int)
    /// A control character (general category Cc), by its code point.
    case controlCharacter(UInt32)

    package var description: String {
        switch self {
        case .empty: return "a customer id is empty"
        case .tooLong(let bytes): return "a customer id has \(bytes) bytes of UTF-8, more than \(CustomerID.maxBytes)"
        case .controlCharacter(let value):
            let hex = String(value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: 4 - hex.count) + hex
            return "a customer id contains the control character U+" + padded
        }
    }
}
