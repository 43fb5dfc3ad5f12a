package import Server
package import Store

/// Why the service did not start.
package enum ServiceError: Error, Sendable, CustomStringConvertible {
    /// The SQLite store to follow cannot be opened: a mistake to fix, not a database to wait for.
    case store(StoreError)
    /// The server cannot listen.
    case listen(HTTPServer.StartError)

    package var description: String {
        switch self {
        case .store(let error): error.description
        case .listen(let error): error.description
        }
    }
}
