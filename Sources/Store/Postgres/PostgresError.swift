import Foundation

/// A failure reported by PostgreSQL or libpq, or a row that does not hold what the statement promised.
package struct PostgresError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server's five-character SQLSTATE, such as `23505` (unique violation); nil when the client,
    /// not the server, failed (no connection, a lost connection, a row of the wrong shape).
    package var sqlState: String?
    /// What went wrong, as the server or libpq words it (one line, no trailing newline).
    package var message: String
    /// The statement that failed; nil for connecting.
    package var statement: String?
    /// Whether the connection to the server could not be made or was lost: trying again later may work.
    package var connectionLost: Bool

    package init(sqlState: String? = nil, message: String, statement: String? = nil, connectionLost: Bool = false) {
        self.sqlState = sqlState
        self.message = message
        self.statement = statement
        self.connectionLost = connectionLost
    }

    package var description: String {
        message + (sqlState.map { " (SQLSTATE \($0))" } ?? "") + (statement.map { " in: \($0)" } ?? "")
    }

    /// Whether a row broke a unique constraint (`23505`).
    package var isUniqueViolation: Bool { sqlState == "23505" }
    /// Whether the table or view the statement names does not exist (`42P01`).
    package var isUndefinedTable: Bool { sqlState == "42P01" }
    /// Whether a prepared statement must be prepared again: it is gone from the session (`26000`), or a table
    /// changed under it so that its rows would change shape (`0A000`).
    package var needsPreparingAgain: Bool { sqlState == "26000" || sqlState == "0A000" }

    /// libpq's message with its trailing newline and any line breaks folded into one line.
    static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
