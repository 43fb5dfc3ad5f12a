import Foundation

extension StoreLocation {
    /// The store as messages and logs name it before it is opened: the path, or the URL without its password.
    package var name: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url): Self.withoutPassword(url)
        }
    }

    /// `url` with the password of its user info and of a `password=` parameter removed.
    static func withoutPassword(_ url: String) -> String {
        var text = url
        if let scheme = text.range(of: "://") {
            let authorityEnd = text[scheme.upperBound...].firstIndex { $0 == "/" || $0 == "?" } ?? text.endIndex
            if let at = text[scheme.upperBound..<authorityEnd].lastIndex(of: "@"),
               let colon = text[scheme.upperBound..<at].firstIndex(of: ":") {
                text.removeSubrange(colon..<at)
            }
        }
        guard let query = text.firstIndex(of: "?") else { return text }
        let parameters = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
            .filter { !$0.lowercased().hasPrefix("password=") }
        return String(text[..<query]) + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }
}
