import CPostgres

/// Which statements a connection prepares. A statement run a second time with the same parameter types is
/// prepared under a name of its own, and from then on only bound and run: the server parses it once instead of
/// every time (and plans it for each run's values, as the connection's session asks). A statement run once (a migration's DDL) is never prepared, which would cost it a
/// round trip more.
///
/// Prepared statements belong to the server's session: `forgetAll()` when the connection is made again. Bounded:
/// past `capacity` prepared statements (texts built with a varying number of values), others run unprepared.
struct PreparedStatements {
    /// A statement as the server prepares it: its text and the types of its parameters.
    struct Key: Hashable {
        let sql: String
        let types: [Oid]
    }

    /// How to run a statement.
    enum Step: Equatable {
        /// Unprepared, with its parameters (`PQexecParams`).
        case runUnprepared
        /// Prepare it under this name first, then run it (`PQprepare`, then `PQexecPrepared`).
        case prepare(String)
        /// Run it as prepared under this name (`PQexecPrepared`).
        case run(String)
    }

    /// The most statements prepared on one connection; four times as many are remembered as run once.
    let capacity: Int
    private var names: [Key: String] = [:]
    private var seenOnce: Set<Key> = []
    /// Names are never used twice on one connection, so that one forgotten while still on the server never clashes.
    private var prepares = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// The number of statements prepared.
    var count: Int { names.count }

    /// How to run the statement `key` now; `.prepare` is kept only once `prepared(_:as:)` says it worked.
    mutating func step(for key: Key) -> Step {
        if let name = names[key] { return .run(name) }
        if names.count < capacity, seenOnce.remove(key) != nil {
            prepares += 1
            return .prepare("tollgate_\(prepares)")
        }
        if seenOnce.count >= 4 * capacity { seenOnce.removeAll(keepingCapacity: true) }
        seenOnce.insert(key)
        return .runUnprepared
    }

    /// Records that the server prepared `key` under `name`.
    mutating func prepared(_ key: Key, as name: String) {
        names[key] = name
    }

    /// Forgets `key`, to prepare it again under a new name: it is gone from the session, or a table changed so
    /// that its rows would change shape.
    mutating func forget(_ key: Key) {
        names[key] = nil
    }

    /// Forgets every statement: the session that held them ended.
    mutating func forgetAll() {
        names.removeAll()
        seenOnce.removeAll()
    }
}
