import Store
import TestSupport
import Testing

/// What every backend answers alike: versions, reuse, history, rollback, hash prefixes, catalogs and pointers.
@Suite(.tags(.postgres)) struct PolicyStoreBehaviourTests {
    static func publication(app: String = "demo", channel: String = "production", tag: String,
                            products: [(id: String, type: String)] = [], message: String = "") -> Publication {
        var publication = TemporaryStore.publication(app: app, tag: tag, products: products, message: message)
        publication.channel = channel
        return publication
    }

    @Test(arguments: StoreBackend.allCases) func publishesNumberVersionsPerAppAndReuseSnapshots(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let writer = try store.open()
        let first = try writer.publish(Self.publication(tag: "a", message: "first"))
        guard case .applied(.changed(let entry)) = first else {
            Issue.record("expected a change, got \(first)")
            return
        }
        #expect(entry.version == 1 && entry.action == .publish && entry.active)
        #expect(try writer.publish(Self.publication(tag: "a")) == .applied(.alreadyActive(version: 1, hash: entry.hash)))
        _ = try writer.publish(Self.publication(app: "other", tag: "c"))
        _ = try writer.publish(Self.publication(tag: "b"))
        // The snapshot of version 1 again, on another channel: reused, not a version 3.
        let staging = try writer.publish(Self.publication(channel: "staging", tag: "a"))
        guard case .applied(.changed(let reused)) = staging else {
            Issue.record("expected a change, got \(staging)")
            return
        }
        #expect(reused.version == 1)
        #expect(try writer.apps() == ["demo", "other"])
        #expect(try writer.catalog(app: "demo").latestVersion == 2)
        #expect(try writer.catalog(app: "other").latestVersion == 1)
        #expect(try writer.catalog(app: "nobody") == PublishedCatalog(products: [:], latestVersion: 0))
    }

    @Test(arguments: StoreBackend.allCases) func historyIsNewestFirstAndMarksWhatEachChannelServes(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let writer = try store.open()
        _ = try writer.publish(Self.publication(tag: "a"))
        _ = try writer.publish(Self.publication(tag: "b"))
        _ = try writer.publish(Self.publication(channel: "staging", tag: "b"))
        let change = try writer.rollback(app: "demo", channel: "production", to: "1", author: "bob", message: "undo",
                                         createdAt: TemporaryStore.one)
        guard case .changed(let rollback) = change else {
            Issue.record("expected a change, got \(change)")
            return
        }
        #expect(rollback.action == .rollback && rollback.version == 1 && rollback.author == "bob")
        let history = try writer.history()
        #expect(history.map(\.version) == [1, 2, 2, 1])
        #expect(history.map(\.channel) == ["production", "staging", "production", "production"])
        #expect(history.map(\.active) == [true, true, false, false])
        #expect(try writer.history(app: "demo", channel: "staging").map(\.version) == [2])
        #expect(try writer.history(app: "nobody").isEmpty)
        #expect(try writer.active(app: "demo", channel: "production")?.version == 1)
        #expect(try writer.active(app: "demo", channel: "staging")?.version == 2)
        #expect(try writer.active(app: "demo", channel: "nowhere") == nil)
        let again = try writer.rollback(app: "demo", channel: "production", to: "1", author: "bob", message: "",
                                        createdAt: TemporaryStore.one)
        #expect(again == .alreadyActive(version: 1, hash: rollback.hash))
        #expect(try writer.history().count == 4, "an active version changes nothing")
    }

    @Test(arguments: StoreBackend.allCases) func snapshotsAreNamedByVersionOrHashPrefix(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let writer = try store.open()
        var publication = Self.publication(tag: "a")
        publication.bundle = [0, 1, 2, 0, 255]
        publication.files = ["Policies/demo.yaml": [0, 0x27, 0], "Templates/demo/en.yaml": Array("é 'x'".utf8),
                             "empty": []]
        _ = try writer.publish(publication)
        _ = try writer.publish(Self.publication(tag: "b"))
        let first = try writer.snapshot(app: "demo", reference: "1")
        #expect(first.bundle == publication.bundle)
        #expect(first.files == publication.files)
        #expect(first.hash == publication.hash)
        #expect(try writer.snapshot(app: "demo", reference: "aaaa").version == 1)
        #expect(try writer.snapshot(app: "demo", reference: "sha256:bb").version == 2)
        #expect(throws: StoreError.unknownVersion(app: "demo", reference: "ab")) {
            try writer.snapshot(app: "demo", reference: "ab")
        }
        #expect(throws: StoreError.unknownVersion(app: "demo", reference: "%")) {
            try writer.snapshot(app: "demo", reference: "%")
        }
    }

    @Test(arguments: StoreBackend.allCases) func pointersSayWhatAChannelServesForEveryApp(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let writer = try store.open()
        #expect(try writer.pointers(channel: "production").isEmpty)
        _ = try writer.publish(Self.publication(app: "zeta", tag: "a"))
        _ = try writer.publish(Self.publication(app: "alpha", tag: "b"))
        _ = try writer.publish(Self.publication(app: "alpha", tag: "c"))
        _ = try writer.publish(Self.publication(app: "alpha", channel: "staging", tag: "d"))
        #expect(try writer.pointers(channel: "production") == [
            ChannelPointer(app: "alpha", version: 2, hash: Self.publication(tag: "c").hash),
            ChannelPointer(app: "zeta", version: 1, hash: Self.publication(tag: "a").hash),
        ])
        #expect(try writer.pointers(channel: "staging").map(\.version) == [3])
    }

    @Test(arguments: StoreBackend.allCases) func textWithQuotesAndNonASCIIRoundTrips(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let writer = try store.open()
        let text = "it's \"quoted\"; DROP TABLE audit; -- ünïcødé 🎟 \\x00 $1"
        var publication = Self.publication(app: "app'; --", tag: "a", products: [("id'\"é", "consumable")], message: text)
        publication.author = text
        _ = try writer.publish(publication)
        let entry = try #require(try writer.history().first)
        #expect(entry.message == text && entry.author == text && entry.app == "app'; --")
        #expect(try writer.catalog(app: "app'; --").products.keys.sorted() == ["id'\"é"])
        #expect(try writer.apps() == ["app'; --"])
    }

    @Test(arguments: StoreBackend.allCases) func appsAndPointersSortByBytesWhateverTheDatabaseCollation(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let writer = try store.open()
        for (index, app) in ["b", "é", "B", "a"].enumerated() {
            _ = try writer.publish(Self.publication(app: app, tag: String(index)))
        }
        #expect(try writer.apps() == ["B", "a", "b", "é"])
        #expect(try writer.pointers(channel: "production").map(\.app) == ["B", "a", "b", "é"])
    }
}
