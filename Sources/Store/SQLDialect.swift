/// Where the SQL of the two backends differs; everything else the store says once, in the SQL both read
/// (`?1` parameters, `ON CONFLICT … DO UPDATE`, `RETURNING`).
package enum SQLDialect: Hashable, Sendable {
    /// SQLite: times the store's clock sets are text, `2026-11-29T12:00:00Z`, which sorts as it reads.
    case sqlite
    /// PostgreSQL: times the server's clock sets are `timestamptz`; parameters are written `$1`.
    case postgres

    /// The store's clock now, in the type of the columns it sets (`replicas.last_seen`).
    package var now: String {
        switch self {
        case .sqlite: "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')"
        case .postgres: "now()"
        }
    }

    /// The store's clock as many seconds ago as parameter `?parameter` holds, comparable with `now`.
    package func now(minusSecondsIn parameter: Int) -> String {
        switch self {
        case .sqlite: "strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-' || ?\(parameter) || ' seconds')"
        case .postgres: "now() - ?\(parameter)::bigint * interval '1 second'"
        }
    }

    /// The seconds since 1970 of `expression`, a time the store wrote as ISO 8601 text.
    package func seconds(of expression: String) -> String {
        switch self {
        case .sqlite: "unixepoch(\(expression))"
        case .postgres: "extract(epoch FROM (\(expression))::timestamptz)"
        }
    }

    /// The settings the results' buyers' statement runs under, and the statements that give them back, on
    /// PostgreSQL. No nested loops: its tables may not have been analyzed yet, and a nested loop the planner
    /// thinks cheap is then quadratic. No JIT: the cost that keeps the one nested loop left (the rates) puts the
    /// plan past JIT's limits, and compiling it cost more than it saved (0.75 s of 5 s at 10,000,000 exposures).
    package var tallySettings: (on: [String], off: [String]) {
        switch self {
        case .sqlite: ([], [])
        case .postgres: (["SET enable_nestloop = off", "SET jit = off"], ["RESET enable_nestloop", "RESET jit"])
        }
    }

    /// The setting that lets a connection's commits return before they reach the disk: the database stays
    /// consistent, and a power cut may lose the last commits.
    package var commitsWithoutWaitingForDisk: String {
        switch self {
        case .sqlite: "PRAGMA synchronous = NORMAL"
        case .postgres: "SET synchronous_commit = off"
        }
    }

    /// `sql` as the backend reads its parameters: SQLite reads `?1` itself; PostgreSQL's `$1` is written
    /// for each `?` that a digit follows (the store's statements hold no `?` in a literal).
    package func parameters(_ sql: String) -> String {
        guard self == .postgres else { return sql }
        var bytes = Array(sql.utf8)
        for index in bytes.indices.dropLast()
        where bytes[index] == UInt8(ascii: "?") && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1]) {
            bytes[index] = UInt8(ascii: "$")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
