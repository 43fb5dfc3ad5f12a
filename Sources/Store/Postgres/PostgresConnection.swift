import CPostgres
import Foundation

/// An open libpq connection; the only owner of its handle. Every statement's parameters are bound, never
/// spliced into the SQL; a statement run again is prepared once (`PreparedStatements`), so a pooler in front of
/// the server must keep sessions (as `LISTEN` needs anyway).
///
/// Not shared between threads: each thread or task opens its own.
package final class PostgresConnection {
    private let handle: OpaquePointer
    private var statements = PreparedStatements()

    /// Connects to `url`, a libpq connection URI; libpq reads the password from the URI, `PGPASSWORD` or
    /// `~/.pgpass`. Connecting gives up after ten seconds unless the URL or `PGCONNECT_TIMEOUT` says
    /// otherwise. A failure has `connectionLost` set.
    package init(url: String) throws(PostgresError) {
        // The URL comes last so that its own parameters override the default timeout.
        let defaults = ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] == nil ? [("connect_timeout", "10")] : []
        let parameters = defaults + [("dbname", url)]
        let connected = Self.withCStrings(parameters.map(\.0)) { keywords in
            Self.withCStrings(parameters.map(\.1)) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let handle = connected else {
            throw PostgresError(message: "libpq cannot allocate a connection", connectionLost: true)
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = PostgresError.oneLine(String(cString: PQerrorMessage(handle)))
            PQfinish(handle)
            throw PostgresError(message: message, connectionLost: true)
        }
        self.handle = handle
        // libpq prints notices and errors the server sends unasked (a backend terminated while idle) to stderr;
        // the store reports failures as errors instead.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
        try startSession()
    }

    deinit { PQfinish(handle) }

    /// The server process serving this connection (`pg_backend_pid()`).
    package var backendPID: Int32 { PQbackendPID(handle) }

    /// Whether the connection is still up, as far as libpq knows.
    package var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Connects again with the same parameters when the connection was lost; a failure shows in the next statement.
    package func reconnectIfLost() {
        guard !isConnected else { return }
        statements.forgetAll()
        PQreset(handle)
        if isConnected { try? startSession() }
    }

    /// Sets what every session of this connection runs under. Custom plans only: a prepared statement keeps its
    /// text parsed, but is planned for its values and the tables as they are now. A generic plan made while a
    /// table was nearly empty (a scan) would stay as it grows, until the next `ANALYZE`.
    private func startSession() throws(PostgresError) {
        try execute("SET plan_cache_mode = force_custom_plan")
    }

    /// The number of statements prepared on this connection.
    package var preparedCount: Int { statements.count }

    /// Runs `sql` with `$1`, `$2`… bound to `parameters` and returns every row, each column in binary
    /// (`PostgresRow`). Integers are sent as `bigint`, text as `text` byte for byte (PostgreSQL refuses text
    /// holding NUL, SQLSTATE 22021, rather than cutting it), bytes as `bytea` (any bytes), and NULL as `text`.
    @discardableResult
    package func execute(_ sql: String, _ parameters: [StoreValue] = []) throws(PostgresError) -> [PostgresRow] {
        let types: [Oid] = parameters.map {
            switch $0 {
            case .integer: PostgresType.int8.rawValue
            case .text, .null: PostgresType.text.rawValue
            case .bytes: PostgresType.bytea.rawValue
            }
        }
        // Integers go as text; text and bytea as binary, so their bytes arrive exactly, with their length.
        let formats: [Int32] = parameters.map {
            switch $0 {
            case .text, .bytes: PostgresFormat.binary.rawValue
            case .integer, .null: PostgresFormat.text.rawValue
            }
        }
        let buffers: [[UInt8]?] = parameters.map {
            switch $0 {
            case .integer(let number): Array(String(number).utf8) + [0]
            case .text(let text): Array(text.utf8)
            case .bytes(let bytes): bytes
            case .null: nil
            }
        }
        let lengths = buffers.map { Int32($0?.count ?? 0) }
        // Empty text or bytea still needs a pointer (NULL would mean SQL NULL): one byte, of which none is read.
        let nonEmpty = buffers.map { $0.map { $0.isEmpty ? [0] : $0 } }
        let key = PreparedStatements.Key(sql: sql, types: types)
        let step = statements.step(for: key)
        if case .prepare(let name) = step {
            let preparing = PQprepare(handle, name, sql, Int32(types.count), types)
            defer { PQclear(preparing) }
            guard PQresultStatus(preparing) == PGRES_COMMAND_OK else { throw error(of: preparing, sql: sql) }
            statements.prepared(key, as: name)
        }
        let result = Self.withPointers(to: nonEmpty) { values in
            switch step {
            case .runUnprepared:
                PQexecParams(handle, sql, Int32(parameters.count), types, values, lengths, formats,
                             PostgresFormat.binary.rawValue)
            case .prepare(let name), .run(let name):
                PQexecPrepared(handle, name, Int32(parameters.count), values, lengths, formats,
                               PostgresFormat.binary.rawValue)
            }
        }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_TUPLES_OK:
            return rows(of: result, sql: sql)
        case PGRES_COMMAND_OK:
            return []
        default:
            let failure = error(of: result, sql: sql)
            if step != .runUnprepared, failure.needsPreparingAgain { statements.forget(key) }
            throw failure
        }
    }

    /// Runs `body` in one transaction; rolls back when it throws.
    package func transaction<T>(_ body: () throws(PostgresError) -> T) throws(PostgresError) -> T {
        try execute("BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isConnected { _ = try? execute("ROLLBACK") }
            throw error
        }
    }

    // MARK: Notifications

    /// The socket libpq reads from, to wait on with `poll`; -1 without a connection.
    var socket: Int32 { PQsocket(handle) }

    /// Reads what the server sent without blocking; throws when the connection is gone.
    func consumeInput() throws(PostgresError) {
        guard PQconsumeInput(handle) == 1, isConnected else {
            throw PostgresError(message: PostgresError.oneLine(String(cString: PQerrorMessage(handle))),
                                connectionLost: true)
        }
    }

    /// The payloads of the notifications received so far, each once.
    func takeNotifications() -> [String] {
        var payloads: [String] = []
        while let notification = PQnotifies(handle) {
            payloads.append(String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        return payloads
    }

    // MARK: Helpers

    /// The rows of `result`, read by length (binary values may hold NUL bytes).
    private func rows(of result: OpaquePointer?, sql: String) -> [PostgresRow] {
        let columnCount = PQnfields(result)
        let columns = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        let types = (0..<columnCount).map { PostgresType(rawValue: PQftype(result, $0)) }
        return (0..<PQntuples(result)).map { row in
            PostgresRow(columns: columns, types: types, values: (0..<columnCount).map { column in
                guard PQgetisnull(result, row, column) == 0 else { return nil }
                let count = Int(PQgetlength(result, row, column))
                guard count > 0, let bytes = PQgetvalue(result, row, column) else { return [] }
                return Array(UnsafeRawBufferPointer(start: bytes, count: count))
            }, statement: sql)
        }
    }

    private func error(of result: OpaquePointer?, sql: String) -> PostgresError {
        let message = result.map { String(cString: PQresultErrorMessage($0)) } ?? ""
        let state = result.flatMap { cpostgres_sqlstate($0) }.map { String(cString: $0) }
        let primary = result.flatMap { cpostgres_primary_message($0) }
        let text = primary.map { String(cString: $0) } ?? (message.isEmpty ? String(cString: PQerrorMessage(handle)) : message)
        return PostgresError(sqlState: state, message: PostgresError.oneLine(text), statement: sql,
                             connectionLost: !isConnected)
    }

    /// Calls `body` with a NULL-terminated array of C strings, valid during the call.
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer($0) } } + [nil])
    }

    /// Calls `body` with C pointers to each buffer (NULL for nil), valid during the call.
    private static func withPointers<R>(to buffers: [[UInt8]?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafePointer<CChar>?] = []
        func next(_ index: Int) -> R {
            guard index < buffers.count else { return body(pointers) }
            guard let buffer = buffers[index] else {
                pointers.append(nil)
                return next(index + 1)
            }
            return buffer.withUnsafeBytes { bytes in
                pointers.append(bytes.baseAddress?.assumingMemoryBound(to: CChar.self))
                return next(index + 1)
            }
        }
        return next(0)
    }
}
