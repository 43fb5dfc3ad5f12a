import Project
import Diagnostics
import Foundation
import PolicyValidation
import Publishing
import Store
import TestSupport
import Testing
import TollgateEvaluation

/// Publishing, rollback and history as the command line and the server call them: files as text in,
/// the caller's time and author recorded, typed errors out.
@Suite(.tags(.postgres)) struct PublisherTests {
    static let time = Date(timeIntervalSince1970: 1_796_040_000)
    static let coins = ExampleEdits.coins

    /// The example app photocollage from the repository, with `replacements` made in its policy.
    static func files(_ replacements: [(String, String)] = []) throws -> AppFiles {
        let root = Fixtures.repositoryRoot()
        var policy = try String(contentsOf: root.appendingPathComponent("Policies/photocollage.yaml"), encoding: .utf8)
        for (original, replacement) in replacements {
            try #require(policy.components(separatedBy: original).count == 2, "'\(original)' must occur once")
            policy = policy.replacingOccurrences(of: original, with: replacement)
        }
        let folder = root.appendingPathComponent("Templates/photocollage")
        var templates: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".yaml") {
            templates[String(name.dropLast(5))] = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        return AppFiles(app: "photocollage", policy: Array(policy.utf8), templates: templates)
    }

    static func publisher(_ store: BackendStore, validatingAgainstTheStore: Bool = true) throws -> Publisher {
        Publisher(store: try store.open(.create), storeName: "store.sqlite") { baselines in
            validatingAgainstTheStore ? Validator.withICU(baselines: baselines) : Validator.withICU
        }
    }

    static let nonConsumableCoins = [ExampleEdits.coinsBecomeNonConsumable]

    @Test(arguments: StoreBackend.allCases) func aPublishRecordsTheCallersTimeAuthorAndFiles(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let publisher = try Self.publisher(store)
        let files = try Self.files()
        let change = try publisher.publish(files, to: "staging", author: "alice", message: "first", at: Self.time)
        guard case .changed(let entry) = change else {
            Issue.record("expected a change, got \(change)")
            return
        }
        #expect(entry.createdAt.description == "2026-11-30T12:00:00Z")
        #expect(entry.author == "alice")
        #expect(entry.channel == "staging")
        let snapshot = try publisher.store.snapshot(app: "photocollage", reference: "1")
        #expect(snapshot.files["Policies/photocollage.yaml"] == files.policy.bytes)
        #expect(Set(snapshot.files.keys) == Set([files.policy.path] + files.templates.map(\.path)))
        #expect(try publisher.history().map(\.createdAt.description) == ["2026-11-30T12:00:00Z"])

        let again = try publisher.publish(files, to: "staging", author: "bob", message: "again",
                                          at: Self.time.addingTimeInterval(60))
        #expect(again == .alreadyActive(version: 1, hash: entry.hash))
    }

    @Test(arguments: StoreBackend.allCases) func findingsNameTheFilesAndNothingIsWritten(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let publisher = try Self.publisher(store)
        let files = try Self.files([("grants: [remove-ads]", "grants: [remove-adz]")])
        let error = try #require(throws: PublishingError.self) {
            try publisher.publish(files, to: "production", author: "a", message: "", at: Self.time)
        }
        guard case .findings(let diagnostics) = error else {
            Issue.record("expected findings, got \(error)")
            return
        }
        #expect(diagnostics.map(\.rule) == ["unknown-tier"])
        #expect(diagnostics.first?.span.file == "Policies/photocollage.yaml")
        #expect(try publisher.history().isEmpty)
    }

    @Test(arguments: StoreBackend.allCases) func aConflictTheStoreFindsIsWordedAsTheRuleWordsIt(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let publisher = try Self.publisher(store)
        _ = try publisher.publish(try Self.files(), to: "production", author: "a", message: "", at: Self.time)
        let changed = try Self.files(Self.nonConsumableCoins)

        let validation = try #require(throws: PublishingError.self) { try publisher.prepare(changed) }
        guard case .findings(let findings) = validation else {
            Issue.record("expected findings, got \(validation)")
            return
        }

        // A release validated before the store knew the first publish: the store itself refuses it.
        let blind = try Self.publisher(store, validatingAgainstTheStore: false)
        let release = try blind.prepare(changed)
        let error = try #require(throws: PublishingError.self) {
            try blind.publish(release, to: "production", author: "a", message: "", at: Self.time)
        }
        guard case .refused(let app, let conflicts) = error else {
            Issue.record("expected a refusal, got \(error)")
            return
        }
        #expect(app == "photocollage")
        #expect(conflicts == findings, "one wording, one place")
        #expect(conflicts.map(\.message) == ["product '\(Self.coins)' was published as 'consumable' (the store "
                                             + "store.sqlite, version 1); its type cannot change to 'non-consumable'"])
        #expect(try publisher.history().count == 1)
    }

    @Test(arguments: StoreBackend.allCases) func rollbackToAnUnknownVersionOrAppIsACase(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let publisher = try Self.publisher(store)
        _ = try publisher.publish(try Self.files(), to: "production", author: "a", message: "", at: Self.time)
        let version = try #require(throws: PublishingError.self) {
            try publisher.rollback(app: "photocollage", to: "4", channel: "production", author: "a", message: nil,
                                   at: Self.time)
        }
        guard case .unknownVersion(app: "photocollage", reference: "4") = version else {
            Issue.record("expected an unknown version, got \(version)")
            return
        }
        let app = try #require(throws: PublishingError.self) {
            try publisher.rollback(app: "photocolage", to: "1", channel: "production", author: "a", message: nil,
                                   at: Self.time)
        }
        guard case .unknownApp(app: "photocolage", reference: "1", known: ["photocollage"]) = app else {
            Issue.record("expected an unknown app, got \(app)")
            return
        }
        let same = try publisher.rollback(app: "photocollage", to: "1", channel: "production", author: "a",
                                          message: nil, at: Self.time)
        guard case .alreadyActive(version: 1, _) = same else {
            Issue.record("expected the version to be active already, got \(same)")
            return
        }
    }
}
