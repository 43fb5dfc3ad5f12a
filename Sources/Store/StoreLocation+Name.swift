extension StoreLocation {
    /// The store as messages and logs name it before it is opened: the path, or the URL without its password.
    package var name: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url): PostgresURL.redacted(url)
        }
    }
}
