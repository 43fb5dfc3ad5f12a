import Foundation
import Store
import TestSupport
import Testing

/// What only the PostgreSQL backend has: recorded migrations, SQLSTATEs, connection failures, bound
/// parameters of any bytes, and publishers on several connections at once.
@Suite struct PostgresStoreTests {
    @Test func migrationsAreRecordedAndRunOnce() throws {
        let database = try TestDatabase.create("migrations")
        defer { database.drop() }
        _ = try PostgresStore(url: database.url, mode: .create)
        let applied = try database.execute("SELECT version || ' ' || applied_at FROM tollgate_migrations")
        #expect(applied.hasPrefix("1 "))
        _ = try PostgresStore(url: database.url, mode: .create)
        _ = try PostgresStore(url: database.url, mode: .write)
        #expect(try database.execute("SELECT version || ' ' || applied_at FROM tollgate_migrations") == applied,
                "a second open runs nothing")
    }

    @Test func aDatabaseMigratedByANewerTollgateIsRefused() throws {
        let database = try TestDatabase.create("newer")
        defer { database.drop() }
        _ = try PostgresStore(url: database.url, mode: .create)
        try database.execute("INSERT INTO tollgate_migrations (version) VALUES (99)")
        for mode in [StoreMode.read, .write, .create] {
            #expect(throws: StoreError.newerSchema(path: database.url, found: 99, known: 2)) {
                try PostgresStore(url: database.url, mode: mode)
            }
        }
    }

    @Test func processesMigratingAtOnceApplyEachStepOnce() throws {
        let database = try TestDatabase.create("concurrent_migrations")
        defer { database.drop() }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                _ = try PostgresStore(url: database.url, mode: .create)
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
        #expect(try database.execute("SELECT count(*) FROM tollgate_migrations") == "2")
    }

    @Test func aServerErrorCarriesItsSQLStateMessageAndStatement() throws {
        let database = try TestDatabase.create("sqlstate")
        defer { database.drop() }
        let connection = try PostgresConnection(url: database.url)
        try connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        try connection.execute("INSERT INTO t VALUES ($1)", [.text("a")])
        let error = try #require(throws: PostgresError.self) {
            try connection.execute("INSERT INTO t VALUES ($1)", [.text("a")])
        }
        #expect(error.sqlState == "23505" && error.isUniqueViolation)
        #expect(error.statement == "INSERT INTO t VALUES ($1)")
        #expect(error.message.hasPrefix("duplicate key value violates unique constraint"), "\(error.message)")
        #expect(!error.connectionLost)
        #expect(error.description.hasSuffix("(SQLSTATE 23505) in: INSERT INTO t VALUES ($1)"))
        let missing = try #require(throws: PostgresError.self) { try connection.execute("SELECT * FROM nowhere") }
        #expect(missing.isUndefinedTable)
    }

    @Test func boundParametersCarryAnyBytesAndRefuseTextWithNul() throws {
        let database = try TestDatabase.create("parameters")
        defer { database.drop() }
        let connection = try PostgresConnection(url: database.url)
        let bytes: [UInt8] = [0, 0x27, 0x5C, 0x78, 0, 0xFF, 0x22]
        let text = "quote ' double \" backslash \\ ünïcødé 🎟"
        let row = try #require(try connection.execute("SELECT $1::bytea AS b, $2::text AS t, $3::bigint AS i, $4::bytea AS e",
                                                      [.bytes(bytes), .text(text), .integer(-42), .bytes([])]).first)
        #expect(try row.bytes("b") == bytes)
        #expect(try row.text("t") == text)
        #expect(try row.integer("i") == -42)
        #expect(try row.bytes("e") == [])
        let nul = try #require(throws: PostgresError.self) {
            try connection.execute("SELECT $1::text AS t", [.text("before\u{0}after")])
        }
        #expect(nul.sqlState == "22021", "refused, never cut at the NUL: \(nul)")
    }

    @Test func aNullWhereTheSchemaForbidsOneIsATypedError() throws {
        let store = try BackendStore(.postgres)
        defer { store.remove() }
        _ = try store.open().publish(TemporaryStore.publication(tag: "a", products: []))
        let database = try #require(store.database)
        try database.execute("ALTER TABLE audit ALTER COLUMN author DROP NOT NULL; UPDATE audit SET author = NULL")
        let error = try #require(throws: StoreError.self) { try store.open(.read).history() }
        guard case .postgres(let name, let cause) = error else {
            Issue.record("expected a PostgreSQL error, got \(error)")
            return
        }
        #expect(name == store.name)
        #expect(cause.message == "column 'author' is NULL where a value is required")
    }

    @Test func anUnreachableServerIsACaseThatNeverShowsThePassword() throws {
        // A port nothing listens on: the cluster's own port, on a loopback address it does not listen on.
        let url = "postgresql://tollgate:s3cret@127.0.0.2:1/tollgate?password=s3cret&connect_timeout=5"
        let error = try #require(throws: StoreError.self) { try StoreLocation(url).open(.read) }
        guard case .unreachable(let name, let cause) = error else {
            Issue.record("expected an unreachable store, got \(error)")
            return
        }
        #expect(name == "postgresql://tollgate@127.0.0.2:1/tollgate?connect_timeout=5")
        #expect(cause.connectionLost && cause.sqlState == nil)
        #expect(!error.description.contains("s3cret"))
        #expect(error.description.hasPrefix("cannot reach the store postgresql://tollgate@127.0.0.2:1/tollgate"
                                            + "?connect_timeout=5: "), "\(error)")
        #expect(error.description.hasSuffix("; check that the server is running and that the URL, user and password "
                                            + "(in the URL, PGPASSWORD or ~/.pgpass) are right"))
    }

    @Test func publishersOfOneAppOnSeveralConnectionsNumberVersionsWithoutGaps() throws {
        let store = try BackendStore(.postgres)
        defer { store.remove() }
        _ = try store.open()
        let failures = Failures()
        let perThread = 5
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            do {
                let writer = try store.open(.write)
                for index in 0..<perThread {
                    let tag = String(format: "%x", thread * 8 + index)
                    _ = try writer.publish(TemporaryStore.publication(tag: tag, products: []))
                }
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.all.isEmpty)
        let versions = try store.open(.read).history().map(\.version)
        #expect(versions.sorted() == Array(1...(2 * perThread)))
        #expect(versions == versions.sorted(by: >), "each publish saw the one before it")
    }
}

/// Errors collected from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func append(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    var all: [String] { lock.withLock { messages } }
}
