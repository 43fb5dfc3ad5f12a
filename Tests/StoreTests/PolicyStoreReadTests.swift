import Foundation
import Store
import TestSupport
import Testing
import TollgateEvaluation

/// A store in a new temporary folder.
struct TemporaryStore {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var path: String { folder.appendingPathComponent("store.sqlite").path }

    /// 2026-11-30T12:00:00Z, when the test publications were made.
    static let noon = Timestamp(secondsSince1970: 1_796_040_000)
    /// 2026-11-30T13:00:00Z.
    static let one = Timestamp(secondsSince1970: 1_796_043_600)

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A publication of `app` whose products are `products`, with a hash made from `tag`.
    static func publication(app: String = "demo", tag: String, products: [(id: String, type: String)],
                            message: String = "") -> Publication {
        Publication(app: app, channel: "production", hash: "sha256:" + String(repeating: tag, count: 64).prefix(64),
                    bundle: Array("{}".utf8), files: ["Policies/\(app).yaml": Array("format: tollgate/v1\n".utf8)],
                    products: products, author: "tester", message: message, createdAt: TemporaryStore.noon)
    }
}

/// Reading the store: rows are read by column through getters that throw on NULL or a wrong type, and
/// every failure is a case callers match.
@Suite(.tags(.postgres)) struct PolicyStoreReadTests {
    /// A store with one publish, and a raw connection to change its rows behind the store's back.
    static func published(_ store: TemporaryStore) throws -> Connection {
        let writer = try SQLiteStore(path: store.path, mode: .create)
        _ = try writer.publish(TemporaryStore.publication(tag: "a", products: [("demo.coins", "consumable")]))
        return try Connection(path: store.path)
    }

    /// The audit table again, without its NOT NULL constraints, as a store written by a careless tool could be.
    static func loosenAudit(_ connection: Connection) throws {
        try connection.execute("""
            ALTER TABLE audit RENAME TO audit_strict;
            CREATE TABLE audit (id INTEGER PRIMARY KEY, app TEXT, channel TEXT, action TEXT, snapshot_id INTEGER,
                                author TEXT, message TEXT, created_at TEXT);
            INSERT INTO audit SELECT * FROM audit_strict;
            DROP TABLE audit_strict;
            """)
    }

    @Test func aNullColumnIsATypedErrorNotAnEmptyString() throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let connection = try Self.published(store)
        try Self.loosenAudit(connection)
        try connection.execute("UPDATE audit SET author = NULL")
        let reader = try SQLiteStore(path: store.path, mode: .read)
        let error = try #require(throws: StoreError.self) { try reader.history() }
        guard case .corrupt(let path, .unexpectedNull(let column, _)) = error else {
            Issue.record("expected a NULL to be reported as corrupt, got \(error)")
            return
        }
        #expect(path == store.path)
        #expect(column == "author")
    }

    @Test func aValueOfTheWrongTypeIsATypedErrorNotZero() throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let connection = try Self.published(store)
        try connection.execute("UPDATE products SET last_version = 'one'")
        let reader = try SQLiteStore(path: store.path, mode: .read)
        let error = try #require(throws: StoreError.self) { try reader.catalog(app: "demo") }
        guard case .corrupt(_, .typeMismatch(let column, let expected, let found, _)) = error else {
            Issue.record("expected a wrong type to be reported as corrupt, got \(error)")
            return
        }
        #expect([column, expected, found] == ["last_version", "an integer", "text"])
        #expect(error.description.hasPrefix("store \(store.path) is damaged: column 'last_version' holds text where "
                                            + "an integer is expected"), "\(error)")
    }

    @Test func textWithANulCharacterReadsBackWhole() throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        let writer = try SQLiteStore(path: store.path, mode: .create)
        _ = try writer.publish(TemporaryStore.publication(tag: "a", products: [], message: "before\u{0}after"))
        #expect(try writer.history().map(\.message) == ["before\u{0}after"])
    }

    @Test(arguments: StoreBackend.allCases) func unknownAppsVersionsAndAmbiguousHashesAreCases(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let writer = try store.open()
        _ = try writer.publish(TemporaryStore.publication(tag: "a", products: []))
        _ = try writer.publish(TemporaryStore.publication(tag: "b", products: []))
        #expect(throws: StoreError.unknownVersion(app: "demo", reference: "3")) {
            try writer.snapshot(app: "demo", reference: "3")
        }
        #expect(throws: StoreError.unknownVersion(app: "demo", reference: "99999999999999999999")) {
            try writer.snapshot(app: "demo", reference: "99999999999999999999")
        }
        #expect(throws: StoreError.unknownApp(app: "dmeo", reference: "1", known: ["demo"])) {
            try writer.rollback(app: "dmeo", channel: "production", to: "1", author: "a", message: "",
                                createdAt: TemporaryStore.noon)
        }
        #expect(throws: StoreError.ambiguousVersion(app: "demo", reference: "sha256:", versions: [1, 2])) {
            try writer.snapshot(app: "demo", reference: "sha256:")
        }
    }

    @Test(arguments: StoreBackend.allCases) func aStoreNobodyCreatedIsMissingForReadingAndWriting(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        #expect(throws: StoreError.missing(path: store.name)) { try store.open(.read) }
        #expect(throws: StoreError.missing(path: store.name)) { try store.open(.write) }
        if let database = store.database {
            #expect(try database.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == "0",
                    "neither mode creates tables")
        } else {
            #expect(!FileManager.default.fileExists(atPath: store.name), "neither mode creates the store")
        }
        #expect(try store.open(.create).apps().isEmpty)
        #expect(try store.open(.read).history().isEmpty, "created by the first open in .create")
    }

    @Test func sqliteOpeningFailuresAreCases() throws {
        let store = try TemporaryStore()
        defer { store.remove() }
        #expect(throws: StoreError.isDirectory(path: store.folder.path)) {
            try SQLiteStore(path: store.folder.path, mode: .read)
        }
        _ = try SQLiteStore(path: store.path, mode: .create)
        try Connection(path: store.path).execute("PRAGMA user_version = 99")
        #expect(throws: StoreError.newerSchema(path: store.path, found: 99, known: 8)) {
            try SQLiteStore(path: store.path, mode: .write)
        }
    }

    @Test(arguments: StoreBackend.allCases) func conflictsAreValuesForValidationToWord(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let writer = try store.open()
        _ = try writer.publish(TemporaryStore.publication(
            tag: "a", products: [("demo.coins", "consumable"), ("demo.bonus", "consumable")]))
        _ = try writer.publish(TemporaryStore.publication(tag: "b", products: [("demo.coins", "consumable")]))
        let result = try writer.publish(TemporaryStore.publication(
            tag: "c", products: [("demo.coins", "non-consumable"), ("demo.bonus", "consumable")]))
        #expect(result == .refused([.typeChanged(id: "demo.coins", published: "consumable", proposed: "non-consumable"),
                                    .idReused(id: "demo.bonus")], latestVersion: 2))
        #expect(try writer.history().count == 2, "nothing was written")
    }
}
