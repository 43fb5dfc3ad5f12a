/// Why the store cannot do what was asked: a file that is not a store, one it cannot write, a newer
/// schema, or a version that does not exist. Every case reads as a sentence for the command line.
package struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }

    /// A SQLite failure on the store at `path`, said in the user's terms.
    init(_ error: SQLiteError, path: String) {
        if error.isNotADatabase {
            self.init("\(path) is not a Tollgate store (not an SQLite database); nothing was changed")
        } else if error.isReadOnly {
            self.init("\(path) cannot be written (read-only file or folder); nothing was changed")
        } else {
            self.init("store \(path): \(error)")
        }
    }

    static func newerSchema(found: Int, known: Int) -> StoreError {
        StoreError("the store was written by a newer tollgate (schema \(found); this one knows up to \(known)); "
                   + "nothing was changed")
    }
}
