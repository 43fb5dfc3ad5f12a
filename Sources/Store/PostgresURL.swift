import Foundation

/// A `postgres://` or `postgresql://` URL as messages may show it.
package enum PostgresURL {
    /// `url` without its password: `postgresql://u:secret@h/db` becomes `postgresql://u@h/db`, and
    /// `password=` query parameters are dropped.
    package static func redacted(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        var head = String(rest[..<queryStart])
        // The last '@' ends the user information, even when a password holds an unescaped '@' or '/'.
        if let at = head.lastIndex(of: "@"), let colon = head[..<at].firstIndex(of: ":") {
            head = String(head[..<colon] + head[at...])
        }
        var query = ""
        if queryStart < rest.endIndex {
            let kept = rest[rest.index(after: queryStart)...].split(separator: "&", omittingEmptySubsequences: false)
                .filter { $0.split(separator: "=", maxSplits: 1).first?.lowercased() != "password" }
            query = kept.isEmpty ? "" : "?" + kept.joined(separator: "&")
        }
        return String(url[..<scheme.upperBound]) + head + query
    }
}
