import Foundation
import Store
import TestSupport
import Testing

/// What only the PostgreSQL backend has: recorded migrations, SQLSTATEs, connection failures, bound
/// parameters of any bytes, and publishers on several connections at once.
@Suite(.tags(.postgres)) struct PostgresStoreTests {
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

    /// The signed payloads are compressed with LZ4 when the server was built with it, and left to the server's
    /// default otherwise.
    @Test func signedPayloadsAreCompressedWithLZ4() throws {
        let database = try TestDatabase.create("compression")
        defer { database.drop() }
        _ = try PostgresStore(url: database.url, mode: .create)
        let lz4 = try database.execute("""
            SELECT 'lz4' = ANY (enumvals) FROM pg_settings WHERE name = 'default_toast_compression'
            """)
        let methods = try database.execute("""
            SELECT string_agg(attrelid::regclass || ' ' || attcompression::text, ', ' ORDER BY attrelid::regclass::text)
            FROM pg_attribute WHERE attname = 'payload'
                AND attrelid IN ('store_notifications'::regclass, 'store_transactions'::regclass,
                                 'store_renewals'::regclass)
            """)
        let method = lz4 == "t" ? "l" : ""
        #expect(methods == "store_notifications \(method), store_renewals \(method), store_transactions \(method)")
    }

    @Test func aDatabaseMigratedByANewerTollgateIsRefused() throws {
        let database = try TestDatabase.create("newer")
        defer { database.drop() }
        _ = try PostgresStore(url: database.url, mode: .create)
        try database.execute("INSERT INTO tollgate_migrations (version) VALUES (99)")
        for mode in [StoreMode.read, .write, .create] {
            #expect(throws: StoreError.newerSchema(path: database.url, found: 99, known: 8)) {
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
        #expect(try database.execute("SELECT count(*) FROM tollgate_migrations") == "8")
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

    /// A statement run a second time with the same parameter types is prepared, once; one run once is not.
    @Test func aStatementRunAgainIsPreparedOnce() throws {
        let database = try TestDatabase.create("prepared")
        defer { database.drop() }
        let connection = try PostgresConnection(url: database.url)
        try connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT)")
        let insert = "INSERT INTO t VALUES ($1, $2)"
        try connection.execute(insert, [.text("a"), .text("1")])
        #expect(connection.preparedCount == 0)
        try connection.execute(insert, [.text("b"), .text("2")])
        #expect(connection.preparedCount == 1)
        try connection.execute(insert, [.text("c"), .integer(3)])
        #expect(connection.preparedCount == 1, "an integer is sent as bigint: a statement of its own, run once so far")
        for key in ["d", "e"] { try connection.execute(insert, [.text(key), .text("4")]) }
        try connection.execute(insert, [.text("f"), .null])
        #expect(connection.preparedCount == 1, "NULL is sent as text: the statement prepared already")
        let rows = try connection.execute("SELECT k, coalesce(v, '-') AS v FROM t ORDER BY k")
        #expect(try rows.map { "\(try $0.text("k"))\(try $0.text("v"))" } == ["a1", "b2", "c3", "d4", "e4", "f-"])
        let prepared = try connection.execute("SELECT statement FROM pg_prepared_statements")
        #expect(try prepared.map { try $0.text("statement") } == [insert])
    }

    /// The server forgets a session's prepared statements when it ends; the connection prepares them again in
    /// the next one.
    @Test func statementsArePreparedAgainAfterAReconnect() throws {
        let database = try TestDatabase.create("reprepare")
        defer { database.drop() }
        let connection = try PostgresConnection(url: database.url)
        let next = "SELECT $1::bigint + 1 AS n"
        for number in [1, 2] { try connection.execute(next, [.integer(Int64(number))]) }
        #expect(connection.preparedCount == 1)
        #expect(try database.execute("SELECT pg_terminate_backend(\(connection.backendPID))") == "t")
        let lost = try #require(throws: PostgresError.self) { try connection.execute(next, [.integer(3)]) }
        #expect(lost.connectionLost)
        connection.reconnectIfLost()
        #expect(connection.preparedCount == 0)
        for number in [40, 41, 42] {
            #expect(try connection.execute(next, [.integer(Int64(number))]).first?.integer("n") == Int64(number + 1))
        }
        #expect(connection.preparedCount == 1)
    }

    /// A prepared statement whose rows change shape (another session added a column) fails once with the
    /// server's error, and runs again on the next call.
    @Test func aStatementWhoseRowsChangedShapeRunsAgainOnTheNextCall() throws {
        let database = try TestDatabase.create("reshaped")
        defer { database.drop() }
        let connection = try PostgresConnection(url: database.url)
        try connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY)")
        try connection.execute("INSERT INTO t VALUES ('a')")
        let select = "SELECT * FROM t WHERE k = $1"
        for _ in 0..<2 { try connection.execute(select, [.text("a")]) }
        #expect(connection.preparedCount == 1)
        _ = try database.execute("ALTER TABLE t ADD COLUMN n BIGINT DEFAULT 7")
        let changed = try #require(throws: PostgresError.self) { try connection.execute(select, [.text("a")]) }
        #expect(changed.sqlState == "0A000" && !changed.connectionLost, "\(changed)")
        #expect(connection.preparedCount == 0)
        for _ in 0..<3 { #expect(try connection.execute(select, [.text("a")]).first?.integer("n") == 7) }
        #expect(connection.preparedCount == 1)
    }

    /// A prepared statement is planned for the table as it is when it runs: one prepared while its table was
    /// empty (analyzed so) uses the index once the table has grown, rather than the scan an empty table called for.
    @Test func aPreparedStatementIsPlannedForTheTableAsItIsNow() throws {
        let database = try TestDatabase.create("replanned")
        defer { database.drop() }
        let connection = try PostgresConnection(url: database.url)
        try connection.execute("CREATE TABLE t (k TEXT PRIMARY KEY, v TEXT)")
        try connection.execute("ANALYZE t")
        let select = "SELECT v FROM t WHERE k = $1"
        for _ in 0..<10 { try connection.execute(select, [.text("1")]) }
        try connection.execute("INSERT INTO t SELECT g::text, 'v' FROM generate_series(1, 100000) g")
        let name = try #require(try connection.execute("SELECT name FROM pg_prepared_statements WHERE statement = $1",
                                                       [.text(select)]).first?.text("name"))
        let plan = try connection.execute("EXPLAIN EXECUTE \(name)('5')").map { try $0.text("QUERY PLAN") }
        #expect(plan.contains { $0.contains("Index Scan") } && !plan.contains { $0.contains("Seq Scan") }, "\(plan)")
    }

    /// At most 256 statements are prepared on one connection; the others still run, unprepared.
    @Test func preparedStatementsAreBounded() throws {
        let database = try TestDatabase.create("bounded")
        defer { database.drop() }
        let connection = try PostgresConnection(url: database.url)
        for number in 0..<300 {
            for round in 0..<3 {
                let row = try connection.execute("SELECT $1::bigint + \(number) AS n", [.integer(Int64(round))]).first
                #expect(try row?.integer("n") == Int64(number + round))
            }
        }
        #expect(connection.preparedCount == 256)
        #expect(try connection.execute("SELECT count(*) AS n FROM pg_prepared_statements").first?.integer("n") == 256)
    }

    @Test func boundParametersCarryAnyBytesAndRefuseTextWithNul() throws {
        let database = try TestDatabase.create("parameters")
        defer { database.drop() }
        let connection = try PostgresConnection(url: database.url)
        let bytes: [UInt8] = [0, 0x27, 0x5C, 0x78, 0, 0xFF, 0x22]
        let text = "quote ' double \" backslash \\ ünïcødé 🎟"
        let row = try #require(try connection.execute("SELECT $1::bytea AS b, $2::text AS t, $3::bigint AS i, $4::bytea AS e",
                                                      [.bytes(bytes), .text(text), .integer(-42), .bytes([])]).first)
        #expect(try row.blob("b") == bytes)
        #expect(try row.text("t") == text)
        #expect(try row.integer("i") == -42)
        #expect(try row.blob("e") == [])
        let nul = try #require(throws: PostgresError.self) {
            try connection.execute("SELECT $1::text AS t", [.text("before\u{0}after")])
        }
        #expect(nul.sqlState == "22021", "refused, never cut at the NUL: \(nul)")
    }

    @Test func aMessageHoldingNulIsRefusedWholeNotCut() throws {
        let store = try BackendStore(.postgres)
        defer { store.remove() }
        let writer = try store.open()
        let error = try #require(throws: StoreError.self) {
            try writer.publish(TemporaryStore.publication(tag: "a", products: [], message: "before\u{0}after"))
        }
        guard case .postgres(_, let cause) = error else {
            Issue.record("expected a PostgreSQL error, got \(error)")
            return
        }
        #expect(cause.sqlState == "22021")
        #expect(try writer.history().isEmpty && writer.apps().isEmpty, "nothing was written")
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
        #expect(error.description.hasPrefix("store \(store.name): column 'author' is NULL where a value is required in: "))
        #expect(error.description.hasSuffix("; nothing was changed"))
    }

    @Test func aStoreWhoseConnectionWasLostConnectsAgainOnItsNextCall() throws {
        let store = try BackendStore(.postgres)
        defer { store.remove() }
        let writer = try store.open()
        _ = try writer.publish(TemporaryStore.publication(tag: "a", products: []))
        let database = try #require(store.database)
        try database.execute("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
            """)
        let error = try #require(throws: StoreError.self) { try writer.history() }
        guard case .unreachable(let name, _) = error else {
            Issue.record("expected the store to be unreachable, got \(error)")
            return
        }
        #expect(name == store.name)
        #expect(try writer.history().count == 1)
        _ = try writer.publish(TemporaryStore.publication(tag: "b", products: []))
        #expect(try writer.catalog(app: "demo").latestVersion == 2)
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

    /// A publish that commits while the catalog is being read cannot make its products look removed: the products
    /// and the newest version are read as of one moment. (Read one statement at a time, a second process's
    /// `publish` failed with `product-id-reused` on every product it kept.)
    @Test func theCatalogReadsProductsAndTheNewestVersionAsOfOneMoment() throws {
        let store = try BackendStore(.postgres)
        defer { store.remove() }
        _ = try store.open().publish(TemporaryStore.publication(tag: "a", products: [(id: "p", type: "non-consumable")]))
        let database = try #require(store.database)
        let location = StoreLocation(store.location)
        // Another publish, not committed yet, that keeps the snapshots table locked until the reader waits on it.
        let publisher = try PostgresConnection(url: database.url)
        try publisher.execute("BEGIN")
        try publisher.execute("UPDATE products SET last_version = 2 WHERE app = 'demo'")
        try publisher.execute("UPDATE snapshots SET version = 2 WHERE app = 'demo'")
        try publisher.execute("LOCK TABLE snapshots IN ACCESS EXCLUSIVE MODE")
        let reader = ThreadWork { try location.open(.read).catalog(app: "demo") }
        let deadline = Date().addingTimeInterval(60)
        while try database.execute("""
            SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = 'snapshots'::regclass
            """) == "0", Date() < deadline {
            usleep(10_000)
        }
        try publisher.execute("COMMIT")
        let catalog = try reader.join()
        #expect(catalog.products["p"]?.lastVersion == catalog.latestVersion, "\(catalog)")
    }

    @Test func publishersOfOneAppOnSeveralConnectionsNumberVersionsWithoutGaps() throws {
        let store = try BackendStore(.postgres)
        defer { store.remove() }
        _ = try store.open()
        let failures = Failures()
        let threads = 4
        let perThread = 20
        let start = StartLine(runners: threads)
        let finished = DispatchGroup()
        for thread in 0..<threads {
            finished.enter()
            Thread {
                defer { finished.leave() }
                // Every runner arrives, even one that cannot open the store, so that none waits forever.
                let opened = Result { () throws(StoreError) in try store.open(.write) }
                start.arriveAndWait()
                do {
                    let writer = try opened.get()
                    for index in 0..<perThread {
                        let tag = String(format: "%02x", thread * perThread + index)
                        _ = try writer.publish(TemporaryStore.publication(tag: tag, products: []))
                    }
                } catch {
                    failures.append("\(error)")
                }
            }.start()
        }
        finished.wait()
        #expect(failures.all.isEmpty)
        let versions = try store.open(.read).history().map(\.version)
        #expect(versions.sorted() == Array(1...(threads * perThread)))
        #expect(versions == versions.sorted(by: >), "each publish saw the one before it")
    }
}

/// Holds threads until all have arrived, so that they then race.
final class StartLine: @unchecked Sendable {
    private let lock = NSLock()
    private let go = DispatchSemaphore(value: 0)
    private let runners: Int
    private var arrived = 0

    init(runners: Int) {
        self.runners = runners
    }

    /// Waits for the other runners; the last to arrive lets them all go.
    func arriveAndWait() {
        let last = lock.withLock {
            arrived += 1
            return arrived == runners
        }
        if last {
            for _ in 1..<runners { go.signal() }
        } else {
            go.wait()
        }
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
