import Foundation
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
        let pointers = items.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let arguments = pointers.map { UnsafePointer($0) }
        return arguments.withUnsafeBufferPointer { list in
            readICUText { cicu_list_format(handle, list.baseAddress, Int32(list.count), $0, $1) }
        } ?? items.joined(separator: ", ")
    }
}
