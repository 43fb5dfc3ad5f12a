package import TollgateEvaluation

/// A value bound to a parameter of the store's statements, whichever the backend.
package enum StoreValue: Hashable, Sendable {
    case integer(Int64)
    case text(String)
    case bytes([UInt8])
    /// SQL NULL (of type text where the backend needs a type).
    case null

    /// A time as both backends store the times callers give: its ISO 8601 text.
    package static func timestamp(_ time: Timestamp) -> StoreValue {
        .text(time.description)
    }
}
