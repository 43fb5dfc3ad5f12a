import Foundation
import Store
import TestSupport
import Testing
import TollgateEvaluation

/// Stores written by the tollgate before the store was written once over a backend protocol open and read
/// as they did: `Tests/Fixtures/store` holds an SQLite file and a PostgreSQL dump (schema 2) that the earlier
/// `tollgate publish` and `rollback` wrote, a replica row as its heartbeat wrote one, and the history that
/// `tollgate history --format json` printed from each.
@Suite(.tags(.postgres)) struct EarlierStoreTests {
    static let fixtures = Fixtures.repositoryRoot().appendingPathComponent("Tests/Fixtures/store")
    /// Long enough that the fixtures' replica is still listed.
    static let forever = 100 * 365 * 86_400

    /// The history as `tollgate history --format json` prints it.
    static func json(_ entries: [HistoryEntry]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(entries), as: UTF8.self) + "\n"
    }

    static func expectReadsAsBefore(_ store: any PolicyStore, history file: String, replicaLastSeen: String) throws {
        let printed = try String(contentsOf: fixtures.appendingPathComponent(file), encoding: .utf8)
        #expect(try json(store.history()) == printed)
        #expect(try store.apps() == ["lingualeap", "photocollage"])
        #expect(try store.catalog(app: "photocollage").latestVersion == 2)
        let active = try #require(try store.active(app: "photocollage", channel: "production"))
        #expect(active.version == 1 && active.files.keys.contains("Policies/photocollage.yaml"))
        #expect(try store.snapshot(app: "photocollage", reference: "2").bundle != active.bundle)
        #expect(try store.pointers(channel: "staging").map(\.version) == [1])
        let replica = try #require(try store.replicas(seenWithin: forever).first)
        #expect(replica.host == "web-1" && replica.pid == 4242 && replica.apps.map(\.app) == ["photocollage"])
        #expect(replica.startedAt.description == "2026-12-01T21:45:00Z")
        #expect(replica.lastSeen?.description == replicaLastSeen)
    }

    @Test func anSQLiteStoreOfSchema2OpensAndReadsAsBefore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-earlier-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("store.sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("sqlite-schema-2.sqlite").path,
                                         toPath: path)
        try Self.expectReadsAsBefore(SQLiteStore(path: path, mode: .read), history: "sqlite-schema-2-history.json",
                                     replicaLastSeen: "2026-12-01T21:45:20Z")
        let writer = try SQLiteStore(path: path, mode: .write)
        _ = try writer.rollback(app: "photocollage", channel: "production", to: "2", author: "a", message: "",
                                createdAt: Timestamp(secondsSince1970: 1_796_040_000))
        #expect(try writer.history().first?.version == 2)
        #expect(try writer.integrityCheck() == "ok")
    }

    @Test func aPostgresStoreOfSchema2OpensAndReadsAsBefore() throws {
        let database = try TestDatabase.create("earlier")
        defer { database.drop() }
        try database.execute(String(contentsOf: Self.fixtures.appendingPathComponent("postgres-schema-2.sql"),
                                    encoding: .utf8))
        // The dump resets the search path of its own session only; the store's connection has the usual one.
        try Self.expectReadsAsBefore(PostgresStore(url: database.url, mode: .read),
                                     history: "postgres-schema-2-history.json", replicaLastSeen: "2026-12-01T21:45:20Z")
        let writer = try PostgresStore(url: database.url, mode: .write)
        _ = try writer.rollback(app: "photocollage", channel: "production", to: "2", author: "a", message: "",
                                createdAt: Timestamp(secondsSince1970: 1_796_040_000))
        #expect(try writer.history().first?.version == 2)
    }
}
