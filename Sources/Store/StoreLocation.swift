/// Where a store is, as `--store` or `TOLLGATE_STORE` names it: a path or `sqlite:PATH` for the embedded
/// file, a `postgres://` or `postgresql://` URL for a shared database.
package enum StoreLocation: Hashable, Sendable {
    case sqlite(path: String)
    /// A libpq connection URI, as given.
    case postgres(url: String)

    /// The location `text` names; a path that is not absolute stays relative to the caller's folder.
    package init(_ text: String) {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(url: text)
        } else if text.hasPrefix("sqlite:") {
            self = .sqlite(path: String(text.dropFirst("sqlite:".count)))
        } else {
            self = .sqlite(path: text)
        }
    }

    /// The location as messages show it: the path, or the URL without its password.
    package var name: String {
        switch self {
        case .sqlite(let path): path
        case .postgres(let url): PostgresURL.redacted(url)
        }
    }

    /// Opens the store in `mode`.
    package func open(_ mode: StoreMode) throws(StoreError) -> any PolicyStore {
        switch self {
        case .sqlite(let path): try SQLiteStore(path: path, mode: mode)
        case .postgres(let url): try PostgresStore(url: url, mode: mode)
        }
    }

    /// Opens the store's customer tables in `mode`.
    package func openCustomers(_ mode: StoreMode) throws(StoreError) -> any CustomerStore {
        switch self {
        case .sqlite(let path): try SQLiteStore(path: path, mode: mode)
        case .postgres(let url): try PostgresStore(url: url, mode: mode)
        }
    }
}

extension StoreLocation {
    /// Opens the store's exposure table in `mode`.
    package func openExposures(_ mode: StoreMode) throws(StoreError) -> any ExposureStore {
        switch self {
        case .sqlite(let path): try SQLiteStore(path: path, mode: mode)
        case .postgres(let url): try PostgresStore(url: url, mode: mode)
        }
    }
}
