/// Why the store cannot do what was asked; each case reads as one sentence for the command line.
package enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path names a folder, not the store's file.
    case isDirectory(path: String)
    /// No store at the path (or an empty file nobody migrated), and none may be created.
    case missing(path: String)
    /// The file or its folder cannot be opened or created.
    case cannotOpen(path: String)
    /// The file is not an SQLite database.
    case notAStore(path: String)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// A newer tollgate wrote the store: schema `found`, while this one knows up to `known`.
    case newerSchema(path: String, found: Int, known: Int)
    /// The store holds no snapshot of `app`; `known` are the apps it holds.
    case unknownApp(app: String, reference: String, known: [String])
    /// No snapshot of `app` has the version or hash prefix `reference`.
    case unknownVersion(app: String, reference: String)
    /// The hash prefix `reference` matches several versions of `app`.
    case ambiguousVersion(app: String, reference: String, versions: [Int])
    /// The file is damaged, or a row holds what the schema forbids (a NULL, a wrong type).
    case corrupt(path: String, SQLiteError)
    /// Any other SQLite failure on the store at `path`.
    case sqlite(path: String, SQLiteError)
    /// The PostgreSQL server at `name` (the URL without its password) cannot be reached, refused the
    /// connection (authentication, no such database), or the connection was lost.
    case unreachable(name: String, PostgresError)
    /// Any other PostgreSQL failure on the store `name` (the URL without its password).
    case postgres(name: String, PostgresError)

    package var description: String {
        switch self {
        case .isDirectory(let path):
            "\(path) is a directory; give the store's file, such as .tollgate/store.sqlite"
        case .missing(let path):
            "no store at \(path); publish a policy first ('tollgate publish')"
        case .cannotOpen(let path):
            "\(path) cannot be opened or created (is its folder there and writable?); nothing was changed"
        case .notAStore(let path):
            "\(path) is not a Tollgate store (not an SQLite database); nothing was changed"
        case .readOnly(let path):
            "\(path) cannot be written (read-only file or folder); nothing was changed"
        case .newerSchema(_, let found, let known):
            "the store was written by a newer tollgate (schema \(found); this one knows up to \(known)); "
                + "nothing was changed"
        case .unknownApp(let app, let reference, let known):
            "'\(app)' has no published version '\(reference)': the store holds no app '\(app)'"
                + (known.isEmpty ? "" : " (it holds \(known.map { "'\($0)'" }.joined(separator: ", ")))")
        case .unknownVersion(let app, let reference):
            "'\(app)' has no published version '\(reference)'; 'tollgate history --app \(app)' lists them"
        case .ambiguousVersion(let app, let reference, let versions):
            "'\(reference)' matches versions \(versions.map(String.init).joined(separator: ", ")) of '\(app)'; "
                + "give more of the hash"
        case .corrupt(let path, let error):
            "store \(path) is damaged: \(error); nothing was changed"
        case .sqlite(let path, let error):
            "store \(path): \(error)"
        case .unreachable(let name, let error):
            "cannot reach the store \(name): \(error.message); check that the server is running and that the URL, "
                + "user and password (in the URL, PGPASSWORD or ~/.pgpass) are right"
        case .postgres(let name, let error):
            "store \(name): \(error); nothing was changed"
        }
    }

    /// A SQLite failure on the store at `path`, as the case that names its cause.
    init(_ error: SQLiteError, path: String) {
        if error.isNotADatabase {
            self = .notAStore(path: path)
        } else if error.isReadOnly {
            self = .readOnly(path: path)
        } else if error.isCorrupt {
            self = .corrupt(path: path, error)
        } else {
            self = .sqlite(path: path, error)
        }
    }

    /// A PostgreSQL failure on the store `name` (the URL without its password), as the case that names its cause.
    init(_ error: PostgresError, name: String) {
        self = error.connectionLost ? .unreachable(name: name, error) : .postgres(name: name, error)
    }
}
