import Foundation
import Testing
import TollgateClient
import TollgateEvaluation

/// The cache file: a client starts from a good one, ignores a bad one, and never fails because of it.
@Suite struct CacheFileTests {
    enum Corruption: String, CaseIterable, Sendable {
        case garbage, truncated, empty, tamperedBundle, etagOfAnotherBundle, anotherApp, otherFormat, notAnObject

        func apply(to file: URL) throws {
            let good = try Data(contentsOf: file)
            var record = try #require(try JSONSerialization.jsonObject(with: good) as? [String: Any])
            let corrupted: Data
            switch self {
            case .garbage: corrupted = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
            case .truncated: corrupted = good.prefix(good.count * 2 / 3)
            case .empty: corrupted = Data()
            case .tamperedBundle:
                let text = String(decoding: good, as: UTF8.self)
                #expect(text.contains("4.99"))
                corrupted = Data(text.replacingOccurrences(of: "4.99", with: "0.99").utf8)
            case .etagOfAnotherBundle:
                record["etag"] = TestBundles.served(TestBundles.bundle(title: "Other")).etag
                corrupted = try JSONSerialization.data(withJSONObject: record)
            case .anotherApp:
                record["app"] = "other"
                corrupted = try JSONSerialization.data(withJSONObject: record)
            case .otherFormat:
                record["format"] = "tollgate-client-cache/v0"
                corrupted = try JSONSerialization.data(withJSONObject: record)
            case .notAnObject: corrupted = Data("[1, 2, 3]".utf8)
            }
            try corrupted.write(to: file)
        }
    }

    static let good = TestBundles.served(TestBundles.bundle())

    /// A folder with a cache file that a client synced from `server` wrote.
    static func syncedCache(from server: FakeBundleServer) async throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-client-\(UUID())/demo.json")
        server.set(.init(etag: good.etag, body: good.body))
        let client = TollgateClient(BundleVerificationTests.configuration(server.url, cache: file))
        try await client.sync()
        #expect(FileManager.default.fileExists(atPath: file.path))
        return file
    }

    @Test func aGoodCacheFileGivesTheBundleBeforeAnyRequest() async throws {
        let server = try FakeBundleServer()
        let file = try await Self.syncedCache(from: server)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        server.stop()
        let client = TollgateClient(BundleVerificationTests.configuration(server.url, cache: file))
        let snapshot = try #require(client.snapshot)
        #expect(snapshot.origin == .cache)
        #expect(snapshot.etag == Self.good.etag)
        #expect(client.lastError == nil)
        #expect(try client.access([Entitlement(product: "com.example.demo.pro")]).unlocks("export"))
    }

    @Test(arguments: Corruption.allCases)
    func aCorruptCacheFileIsIgnored(_ corruption: Corruption) async throws {
        let server = try FakeBundleServer()
        let file = try await Self.syncedCache(from: server)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try corruption.apply(to: file)

        let client = TollgateClient(BundleVerificationTests.configuration(server.url, cache: file))
        #expect(client.snapshot == nil)
        guard case .unusableCache(let detail) = client.lastError else {
            Issue.record("expected unusableCache, got \(String(describing: client.lastError))")
            return
        }
        #expect(detail.contains(file.path))
        #expect(throws: TollgateClientError.notSynced) { try client.evaluate(EvaluationInput(entitlements: [])) }
        #expect(throws: TollgateClientError.notSynced) { try client.access([]) }
        #expect(throws: TollgateClientError.notSynced) {
            try client.resolve(placement: "feed", context: EvaluationInput(entitlements: []))
        }

        try await client.sync()
        #expect(client.snapshot?.etag == Self.good.etag)
        #expect(client.lastError == nil)
        let restarted = TollgateClient(BundleVerificationTests.configuration(server.url, cache: file))
        #expect(restarted.snapshot?.etag == Self.good.etag, "the sync replaced the corrupt file with a good one")
    }

    @Test func noCacheFileIsNoError() {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-client-\(UUID())/demo.json")
        let client = TollgateClient(BundleVerificationTests.configuration(URL(string: "http://127.0.0.1:9")!, cache: file))
        #expect(client.snapshot == nil)
        #expect(client.lastError == nil)
    }

    @Test func aCacheFileThatCannotBeWrittenLeavesTheBundleInUse() async throws {
        let server = try FakeBundleServer()
        server.set(.init(etag: Self.good.etag, body: Self.good.body))
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-client-\(UUID())")
        try Data("a file, not a folder".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let client = TollgateClient(BundleVerificationTests.configuration(server.url, cache: blocker.appendingPathComponent("demo.json")))
        let snapshot = try await client.sync()
        #expect(snapshot.etag == Self.good.etag)
        guard case .cacheWriteFailed = client.lastError else {
            Issue.record("expected cacheWriteFailed, got \(String(describing: client.lastError))")
            return
        }
        #expect(try client.access([]).tierIDs == ["free"])
    }
}
