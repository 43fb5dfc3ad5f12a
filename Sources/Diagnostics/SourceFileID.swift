import Synchronization

/// A file path interned once per process, so spans name their file with four bytes instead of a `String`.
///
/// The table is the one piece of shared mutable state in the diagnostics layer, justified because a span must
/// read its path back without any context (`span.file` in every output format), and a per-span `String` cost
/// a retain and release on every copy of every located value. It only grows: an id, once given, names the
/// same path for the life of the process, and the same path always gets the same id, so ids compare and hash
/// exactly as the paths would. Reads and writes take its lock; loaders intern each file once, not per span.
package struct SourceFileID: Hashable, Sendable {
    private let index: UInt32

    /// The id of `path`, interning it on first use.
    package init(_ path: String) {
        index = Self.table.withLock { table in
            if let index = table.indexes[path] { return index }
            let index = UInt32(table.paths.count)
            table.paths.append(path)
            table.indexes[path] = index
            return index
        }
    }

    /// The interned path.
    package var path: String {
        Self.table.withLock { $0.paths[Int(index)] }
    }

    private struct Table {
        var paths: [String] = []
        var indexes: [String: UInt32] = [:]
    }

    private static let table = Mutex(Table())
}
