import Foundation
import PolicyCompiler
import PolicyLoader
import PolicyModel
import PolicyValidation
import Project
import Replication
import Server
import Store
import TestSupport

/// The example apps behind a router, as the service serves them, for tests without sockets.
final class ExampleService: Sendable {
    let metrics = Metrics()
    let holder: PolicyHolder
    let router: Router
    /// The SQLite store the admin routes publish to unless `database` is given; created by the first publish.
    let storePath: String
    /// The PostgreSQL database the admin routes publish to instead, if any; `removeStore()` drops it.
    let database: TestDatabase?
    private let lines = Recorder<String>()

    /// The log lines written so far.
    var log: [String] { lines.items }

    /// The time every request is answered at, which publishes and rollbacks record.
    static let requestTime = Date(timeIntervalSince1970: 1_796_040_000)

    /// The standard rules without ICU's plural data, with the published products the store gives.
    static let validator: @Sendable ([String: ProductBaseline]) -> Validator = { baselines in
        Validator.withICU(baselines: baselines)
    }

    init(source: PolicySource = ExampleService.source(), adminToken: String? = "s3cret",
         storePath: String = ExampleService.temporaryStorePath(), database: TestDatabase? = nil,
         customers: (any CustomerService)? = nil, exposures: (any ExposureSink)? = nil,
         purchaseEvents: (any PurchaseEventSink)? = nil, recordsDecisions: Bool = true,
         results: (any ExperimentResultsSource)? = nil,
         now: @escaping @Sendable () -> Date = { ExampleService.requestTime },
         validator: @escaping @Sendable ([String: ProductBaseline]) -> Validator = ExampleService.validator) {
        let lines = self.lines
        let log: @Sendable (String) -> Void = { line in lines.append(line) }
        holder = PolicyHolder(source: source, metrics: metrics, log: log)
        holder.reloadIfChanged()
        self.storePath = storePath
        self.database = database
        let location = database.map { StoreLocation.postgres(url: $0.url) } ?? .sqlite(path: storePath)
        let name = database?.url ?? "store.sqlite"
        let admin = adminToken.map { token in
            Admin(token: token, publishing: StorePublishing(location: location, storeName: name, validator: validator))
        }
        router = Router(holder: holder, metrics: metrics, admin: admin, customers: customers, exposures: exposures,
                        purchaseEvents: purchaseEvents, recordsDecisions: recordsDecisions, results: results,
                        prices: Service.requestPrices, log: log, now: now)
    }

    /// A store path in a new temporary folder, which the first publish creates.
    static func temporaryStorePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-admin-\(UUID().uuidString)")
            .appendingPathComponent("store.sqlite").path
    }

    /// Removes the store's folder, and drops its database.
    func removeStore() {
        try? FileManager.default.removeItem(atPath: (storePath as NSString).deletingLastPathComponent)
        database?.drop()
    }

    /// The store the admin routes publish to, as messages name it.
    var storeName: String { database?.url ?? "store.sqlite" }

    /// Opens the store the admin routes publish to.
    func openStore(_ mode: StoreMode) throws -> any PolicyStore {
        try (database.map { StoreLocation.postgres(url: $0.url) } ?? .sqlite(path: storePath)).open(mode)
    }

    /// Whether anything of a store was created: its file, or a table in its database.
    func storeExists() throws -> Bool {
        if let database { return try database.objects() != "" }
        return FileManager.default.fileExists(atPath: storePath)
    }

    /// The repository's example apps, loaded, validated and compiled as `tollgate serve` serves them.
    static func releases() throws(ReloadError) -> [AppRelease] {
        try ProjectReleases(folder: Fixtures.repositoryRoot().path, validator: .withICU).releases()
    }

    static func source(fingerprint: String = "examples") -> PolicySource {
        PolicySource(description: "examples", fingerprint: { fingerprint }, load: { () throws(ReloadError) in try releases() })
    }

    /// Sends a request to the router.
    func send(_ method: String, _ path: String, json: String? = nil, headers: [String: String] = [:],
              query: [String: String] = [:]) -> HTTPResponse {
        var headers = headers
        if json != nil, headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
        return router.respond(to: HTTPRequest(method: method, path: path, query: query, headers: headers,
                                              body: Array((json ?? "").utf8)))
    }
}

extension HTTPResponse {
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object, or an empty one.
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
}
