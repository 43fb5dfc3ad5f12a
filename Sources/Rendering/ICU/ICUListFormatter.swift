import CICU

/// A locale's list formatter ("a, b and c", or unit lists such as "1 year, 6 months"); thread-safe.
final class ICUListFormatter: Sendable {
    nonisolated(unsafe) private let handle: OpaquePointer

    init(locale: String, units: Bool) throws(ICUError) {
        handle = try openICUHandle("list format for '\(locale)'") { error, capacity in
            cicu_list_open(locale, units ? 1 : 0, error, capacity)
        }
    }

    deinit { cicu_list_close(handle) }

    /// The items joined the locale's way; ICU fails only when out of memory, and then items are joined by ", ".
    func format(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(items.reduce(0) { $0 + $1.utf8.count })
        var lengths: [Int32] = []
        lengths.reserveCapacity(items.count)
        for item in items {
            bytes.append(contentsOf: item.utf8)
            lengths.append(Int32(item.utf8.count))
        }
        return bytes.withUnsafeBytes { text in
            lengths.withUnsafeBufferPointer { counts in
                readICUText {
                    cicu_list_format(handle, text.baseAddress?.assumingMemoryBound(to: CChar.self), counts.baseAddress,
                                     Int32(counts.count), $0, $1)
                }
            }
        } ?? items.joined(separator: ", ")
    }
}
