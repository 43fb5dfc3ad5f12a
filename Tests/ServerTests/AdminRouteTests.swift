import Project
import Foundation
import PolicyValidation
import Server
import Store
import Synchronization
import TestSupport
import Testing
import TollgateEvaluation

/// Publish, rollback and history over HTTP, on each store backend: the files come in the request, the record carries
/// the request's time and author, and each kind of failure has its own status.
@Suite(.tags(.postgres)) struct AdminRouteTests {
    static let auth = ["Authorization": "Bearer s3cret"]
    static let coins = ExampleEdits.coins

    /// The example app's policy text, with `replacements` made (each must occur once).
    static func policy(_ replacements: [(String, String)] = []) throws -> String {
        var text = try String(contentsOf: Fixtures.repositoryRoot().appendingPathComponent("Policies/photocollage.yaml"),
                              encoding: .utf8)
        for (original, replacement) in replacements {
            try #require(text.components(separatedBy: original).count == 2, "'\(original)' must occur once")
            text = text.replacingOccurrences(of: original, with: replacement)
        }
        return text
    }

    /// The example app's template texts by locale.
    static func templates() throws -> [String: String] {
        let folder = Fixtures.repositoryRoot().appendingPathComponent("Templates/photocollage")
        var templates: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".yaml") {
            templates[String(name.dropLast(5))] = try String(contentsOf: folder.appendingPathComponent(name),
                                                             encoding: .utf8)
        }
        return templates
    }

    /// A publish body for photocollage with `policy` as its policy text and `fields` added.
    static func publishBody(policy: String? = nil, _ fields: [String: Any] = ["author": "alice"]) throws -> String {
        var object: [String: Any] = ["app": "photocollage", "policy": try policy ?? Self.policy(),
                                     "templates": try templates()]
        object.merge(fields) { _, new in new }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The example service publishing to a new store on `backend`.
    static func service(_ backend: StoreBackend) throws -> ExampleService {
        ExampleService(database: backend == .postgres ? try TestDatabase.create("admin") : nil)
    }

    /// The example policy with the coins product turned into a non-consumable.
    static func coinsAsNonConsumable() throws -> String {
        try policy([ExampleEdits.coinsBecomeNonConsumable])
    }

    @Test(arguments: StoreBackend.allCases)
    func anHTTPPublishRecordsTheRequestsTimeAndAuthor(backend: StoreBackend) throws {
        let minutes = Atomic<Int>(0)
        let service = ExampleService(database: backend == .postgres ? try TestDatabase.create("admin") : nil, now: {
            ExampleService.requestTime.addingTimeInterval(60 * Double(minutes.load(ordering: .relaxed)))
        })
        defer { service.removeStore() }
        let publish = service.send("POST", "/v1/admin/publish", json: try Self.publishBody(
            ["author": "alice", "channel": "staging", "message": "ship it"]), headers: Self.auth)
        #expect(publish.status == 200, "\(publish.text)")
        #expect(publish.object["changed"] as? Bool == true)
        #expect(publish.object["version"] as? Int == 1)
        let entry = try #require(publish.object["entry"] as? [String: Any], "\(publish.text)")
        #expect(entry["created_at"] as? String == "2026-11-30T12:00:00Z")
        #expect(entry["author"] as? String == "alice")

        minutes.store(5, ordering: .relaxed)
        let changed = try Self.publishBody(policy: Self.policy([(#"USD: "2.99""#, #"USD: "3.49""#)]), ["author": "bob"])
        let second = service.send("POST", "/v1/admin/publish", json: changed, headers: Self.auth)
        #expect(second.status == 200, "\(second.text)")

        let store = try service.openStore(.read)
        let history = try store.history(app: "photocollage")
        #expect(history.map(\.createdAt.description) == ["2026-11-30T12:05:00Z", "2026-11-30T12:00:00Z"])
        #expect(history.map(\.author) == ["bob", "alice"])
        #expect(history.map(\.channel) == ["production", "staging"])
        #expect(history.map(\.message) == ["", "ship it"])
        let snapshot = try store.snapshot(app: "photocollage", reference: "1")
        #expect(snapshot.createdAt.description == "2026-11-30T12:00:00Z")
        #expect(snapshot.author == "alice")
        var expectedFiles = ["Policies/photocollage.yaml": Array(try Self.policy().utf8)]
        for (locale, text) in try Self.templates() {
            expectedFiles["Templates/photocollage/\(locale).yaml"] = Array(text.utf8)
        }
        #expect(snapshot.files == expectedFiles)

        let again = service.send("POST", "/v1/admin/publish", json: changed, headers: Self.auth)
        #expect(again.status == 200)
        #expect(again.object["changed"] as? Bool == false)
        #expect(again.object["version"] as? Int == 2)
        #expect(again.object["channel"] as? String == "production")
        #expect(again.object["entry"] == nil)
    }

    @Test(arguments: StoreBackend.allCases, [
        ("no author", #"{"app": "photocollage", "policy": "format: tollgate/v1"}"#, "'author' is required"),
        ("an empty author", #"{"app": "photocollage", "policy": "x", "author": " "}"#, "'author' is required"),
        ("a number as author", #"{"app": "photocollage", "policy": "x", "author": 7}"#, "'author' must be a string"),
        ("malformed JSON", #"{"app": "photocollage""#, "bad JSON at line 1"),
        ("a list", #"["photocollage"]"#, "the body must be a JSON object"),
        ("an unknown field", #"{"app": "photocollage", "policy": "x", "author": "a", "db": "/etc/passwd"}"#,
         "unknown field 'db'"),
        ("no policy", #"{"app": "photocollage", "author": "a"}"#, "'policy' is required"),
        ("no app", #"{"policy": "x", "author": "a"}"#, "'app' is required"),
        ("an app with a slash", #"{"app": "../etc", "policy": "x", "author": "a"}"#, "'app' must be a name"),
        ("templates as a list", #"{"app": "photocollage", "policy": "x", "author": "a", "templates": ["x"]}"#,
         "'templates' must be an object"),
        ("a template as a number", #"{"app": "photocollage", "policy": "x", "author": "a", "templates": {"en": 1}}"#,
         "'templates.en' must be the template's YAML text"),
    ])
    func aBadPublishBodyIs400AndWritesNothing(backend: StoreBackend, bad: (name: String, body: String, detail: String))
        throws
    {
        let (name, body, detail) = bad
        let service = try Self.service(backend)
        defer { service.removeStore() }
        let answer = service.send("POST", "/v1/admin/publish", json: body, headers: Self.auth)
        #expect(answer.status == 400, "\(name): \(answer.text)")
        #expect((answer.object["detail"] as? String)?.contains(detail) == true, "\(name): \(answer.text)")
        #expect(try !service.storeExists(), "\(name): no store was created")
    }

    @Test(arguments: StoreBackend.allCases)
    func rollbackMovesTheChannelAndUnknownVersionsAndAppsAre404(backend: StoreBackend) throws {
        let service = try Self.service(backend)
        defer { service.removeStore() }
        let before = service.send("POST", "/v1/admin/rollback", json: #"{"app": "photocollage", "to": 1, "author": "a"}"#,
                                  headers: Self.auth)
        #expect(before.status == 404, "\(before.text)")
        #expect(before.object["type"] as? String == "urn:tollgate:problem:no-store")
        #expect(try !service.storeExists(), "a rollback creates no store")

        #expect(service.send("POST", "/v1/admin/publish", json: try Self.publishBody(), headers: Self.auth).status == 200)
        let changed = try Self.publishBody(policy: Self.policy([(#"USD: "2.99""#, #"USD: "3.49""#)]))
        #expect(service.send("POST", "/v1/admin/publish", json: changed, headers: Self.auth).status == 200)

        let back = service.send("POST", "/v1/admin/rollback", json: #"{"app": "photocollage", "to": 1, "author": "carol"}"#,
                                headers: Self.auth)
        #expect(back.status == 200, "\(back.text)")
        #expect(back.object["changed"] as? Bool == true)
        let entry = try #require(back.object["entry"] as? [String: Any])
        #expect(entry["action"] as? String == "rollback")
        #expect(entry["author"] as? String == "carol")
        #expect(entry["message"] as? String == "rollback to 1")
        #expect(entry["created_at"] as? String == "2026-11-30T12:00:00Z")

        let cases: [(body: String, kind: String)] = [
            (#"{"app": "photocollage", "to": "7", "author": "a"}"#, "unknown-version"),
            (#"{"app": "photocollage", "to": "ffff", "author": "a"}"#, "unknown-version"),
            (#"{"app": "photocolage", "to": 1, "author": "a"}"#, "unknown-app"),
        ]
        for (body, kind) in cases {
            let answer = service.send("POST", "/v1/admin/rollback", json: body, headers: Self.auth)
            #expect(answer.status == 404, "\(body): \(answer.text)")
            #expect(answer.object["type"] as? String == "urn:tollgate:problem:\(kind)", "\(body): \(answer.text)")
        }
        let ambiguous = service.send("POST", "/v1/admin/rollback", json: #"{"app": "photocollage", "to": "sha256:", "author": "a"}"#,
                                     headers: Self.auth)
        #expect(ambiguous.status == 400, "\(ambiguous.text)")
        let noAuthor = service.send("POST", "/v1/admin/rollback", json: #"{"app": "photocollage", "to": 1}"#,
                                    headers: Self.auth)
        #expect(noAuthor.status == 400, "\(noAuthor.text)")
        let empty = service.send("POST", "/v1/admin/rollback", json: #"{"app": "photocollage", "to": "", "author": "a"}"#,
                                 headers: Self.auth)
        #expect(empty.status == 400, "\(empty.text)")
        #expect(empty.object["detail"] as? String == "'to' is empty; give a version number or a prefix of a hash")
        #expect(try service.openStore(.read).history().count == 3)
    }

    @Test(arguments: StoreBackend.allCases)
    func aPolicyWithErrorsIs422WithTheFindingsAsValidateWritesThem(backend: StoreBackend) throws {
        let service = try Self.service(backend)
        defer { service.removeStore() }
        var templates = try Self.templates()
        templates["en"] = try #require(templates["en"]).replacingOccurrences(of: "{price}", with: "{prize}")
        let body = try Self.publishBody(policy: Self.policy([("grants: [remove-ads]", "grants: [remove-adz]")]),
                                        ["author": "alice", "templates": templates])
        let answer = service.send("POST", "/v1/admin/publish", json: body, headers: Self.auth)
        #expect(answer.status == 422, "\(answer.text)")
        #expect(answer.object["type"] as? String == "urn:tollgate:problem:policy-invalid")
        let findings = try #require(answer.object["diagnostics"] as? [[String: Any]], "\(answer.text)")
        let policy = try #require(findings.first { $0["rule"] as? String == "unknown-tier" }, "\(findings)")
        #expect(policy["file"] as? String == "Policies/photocollage.yaml")
        #expect(policy["line"] as? Int == 22)
        #expect(policy["severity"] as? String == "error")
        #expect((policy["message"] as? String)?.contains("'remove-adz'") == true, "\(policy)")
        #expect(Set(policy.keys).isSuperset(of: ["file", "line", "column", "end_line", "end_column", "severity", "rule",
                                                 "message", "related"]))
        let template = try #require(findings.first { $0["rule"] as? String == "template-unknown-variable" },
                                    "\(findings)")
        #expect(template["file"] as? String == "Templates/photocollage/en.yaml")
        #expect(try !service.storeExists() || service.openStore(.read).history().isEmpty)
    }

    @Test(arguments: StoreBackend.allCases)
    func aConflictOnlyTheStoreSeesIs409WordedAsValidationWordsIt(backend: StoreBackend) throws {
        let service = try Self.service(backend)
        defer { service.removeStore() }
        #expect(service.send("POST", "/v1/admin/publish", json: try Self.publishBody(), headers: Self.auth).status == 200)
        let changed = try Self.publishBody(policy: Self.coinsAsNonConsumable())

        // Validation that does not see the store stands for a publish that lands between validation and the write.
        let blind = ExampleService(storePath: service.storePath, database: service.database,
                                   validator: { _ in Validator.withICU })
        let refused = blind.send("POST", "/v1/admin/publish", json: changed, headers: Self.auth)
        #expect(refused.status == 409, "\(refused.text)")
        #expect(refused.object["type"] as? String == "urn:tollgate:problem:store-refused")
        let conflicts = try #require(refused.object["diagnostics"] as? [[String: Any]], "\(refused.text)")
        let message = "product '\(Self.coins)' was published as 'consumable' (the store \(service.storeName), version 1); "
            + "its type cannot change to 'non-consumable'"
        #expect(conflicts.map { $0["message"] as? String } == [message])
        #expect(conflicts.first?["rule"] as? String == "product-type-changed")
        #expect(conflicts.first?["file"] as? String == "Policies/photocollage.yaml")

        let validated = service.send("POST", "/v1/admin/publish", json: changed, headers: Self.auth)
        #expect(validated.status == 422, "\(validated.text)")
        let findings = try #require(validated.object["diagnostics"] as? [[String: Any]])
        #expect(findings.map { $0["message"] as? String } == [message], "one wording for both")
        #expect(try service.openStore(.read).history().count == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func historyTakesTheAppAndChannelFromTheQuery(backend: StoreBackend) throws {
        let service = try Self.service(backend)
        defer { service.removeStore() }
        let empty = service.send("GET", "/v1/admin/history", headers: Self.auth)
        #expect(empty.status == 200 && empty.text == "[]", "\(empty.text)")
        #expect(service.send("POST", "/v1/admin/publish", json: try Self.publishBody(
            ["author": "alice", "channel": "staging"]), headers: Self.auth).status == 200)
        let staging = service.send("GET", "/v1/admin/history", headers: Self.auth,
                                   query: ["app": "photocollage", "channel": "staging"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(staging.body)) as? [[String: Any]])
        #expect(entries.map { $0["author"] as? String } == ["alice"])
        #expect(entries.first?["created_at"] as? String == "2026-11-30T12:00:00Z")
        let production = service.send("GET", "/v1/admin/history", headers: Self.auth, query: ["channel": "production"])
        #expect(production.text == "[]")
        #expect(service.send("GET", "/v1/admin/history", headers: Self.auth, query: ["db": "x"]).status == 400)
    }

    @Test(arguments: StoreBackend.allCases)
    func aPublishOverARealSocketRecordsItsAuthor(backend: StoreBackend) async throws {
        let service = try Self.service(backend)
        defer { service.removeStore() }
        let server = HTTPServer(responder: service.router, configuration: .init(port: 0, host: "127.0.0.1"))
        try server.start()
        defer { server.shutdown() }
        let port = server.port
        let body = Array(try Self.publishBody(["author": "dana", "message": "over the wire"]).utf8)
        let answer = try await onThread {
            try RawConnection.exchange(port: port, RawConnection.request(
                "POST", "/v1/admin/publish", headers: ["Authorization: Bearer s3cret", "Content-Type: application/json"],
                body: body))
        }
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let entry = try #require(try service.openStore(.read).history().first)
        #expect(entry.author == "dana")
        #expect(entry.message == "over the wire")
        #expect(entry.createdAt.description == "2026-11-30T12:00:00Z")
    }
}
