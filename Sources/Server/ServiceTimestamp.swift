package import Foundation

/// The service's one way of writing a time: ISO 8601 in UTC, to the second, as the store records times.
package enum ServiceTimestamp {
    package static func string(_ time: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: time)
    }
}
