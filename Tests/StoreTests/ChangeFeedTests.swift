import Store
import TestSupport
import Testing

/// The PostgreSQL change feed: a doorbell naming the apps of each commit; a lost connection is an error,
/// never a hang. SQLite has none.
@Suite(.tags(.postgres)) struct ChangeFeedTests {
    /// Waits on `feed` until it names some apps, for up to a generous minute in total.
    static func nextApps(_ feed: any ChangeFeed) throws -> Set<String> {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            let apps = try feed.wait(timeout: .seconds(5))
            if !apps.isEmpty { return apps }
        }
        return []
    }

    @Test func sqliteHasNoFeed() throws {
        let store = try BackendStore(.sqlite)
        defer { store.remove() }
        #expect(try store.open().changeFeed() == nil)
    }

    @Test func aCommitOnAnotherConnectionRingsWithItsApp() throws {
        let store = try BackendStore(.postgres)
        defer { store.remove() }
        let feed = try #require(try store.open().changeFeed())
        #expect(try feed.wait(timeout: .milliseconds(50)).isEmpty, "nothing happened yet")
        let writer = try store.open(.write)
        _ = try writer.publish(TemporaryStore.publication(app: "photocollage", tag: "a", products: []))
        #expect(try Self.nextApps(feed) == ["photocollage"])
        _ = try writer.rollback(app: "photocollage", channel: "production", to: "1", author: "a", message: "",
                                createdAt: TemporaryStore.noon)
        _ = try writer.publish(TemporaryStore.publication(app: "other", tag: "b", products: []))
        #expect(try Self.nextApps(feed) == ["other"], "a rollback to the active version rings nothing")
    }

    @Test func aRolledBackTransactionRingsNothing() throws {
        let store = try BackendStore(.postgres)
        defer { store.remove() }
        let feed = try #require(try store.open().changeFeed())
        let connection = try PostgresConnection(url: try #require(store.database).url)
        try connection.execute("BEGIN")
        try connection.execute("SELECT pg_notify('tollgate_changes', $1)", [.text("ghost")])
        try connection.execute("ROLLBACK")
        // A commit after the rolled-back one: once its app arrives, the ghost would have arrived before it.
        _ = try store.open(.write).publish(TemporaryStore.publication(app: "real", tag: "a", products: []))
        #expect(try Self.nextApps(feed) == ["real"])
    }

    @Test func aFeedWhoseConnectionIsTerminatedThrows() throws {
        let store = try BackendStore(.postgres)
        defer { store.remove() }
        let feed = try #require(try store.open().changeFeed() as? PostgresChangeFeed)
        let database = try #require(store.database)
        #expect(try database.execute("SELECT pg_terminate_backend(\(feed.backendPID))") == "t")
        let error = try #require(throws: StoreError.self) {
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline {
                _ = try feed.wait(timeout: .seconds(5))
            }
        }
        guard case .unreachable(let name, let cause) = error else {
            Issue.record("expected the store to be unreachable, got \(error)")
            return
        }
        #expect(name == store.name && cause.connectionLost)
    }
}
