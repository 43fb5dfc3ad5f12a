import Foundation
import PolicyCompiler
import PolicyLoader
import PolicyModel
import Server
import Synchronization
import TestSupport

/// The example apps behind a router, as the service serves them, for tests without sockets.
final class ExampleService: Sendable {
    let metrics = Metrics()
    let holder: PolicyHolder
    let router: Router
    private let lines = Recorder<String>()
    private let adminCalls = Recorder<[String]>()

    /// The log lines written so far.
    var log: [String] { lines.items }
    /// The admin commands run so far.
    var commands: [[String]] { adminCalls.items }

    init(source: PolicySource = ExampleService.source(), adminToken: String? = "s3cret") {
        let lines = self.lines
        let log: @Sendable (String) -> Void = { line in lines.append(line) }
        holder = PolicyHolder(source: source, metrics: metrics, log: log)
        holder.reloadIfChanged()
        let calls = adminCalls
        let admin = adminToken.map { token in
            Admin(token: token) { arguments in
                calls.append(arguments)
                return arguments.first == "history" ? (0, "[]\n", "") : (0, "published photocollage version 2\n", "")
            }
        }
        router = Router(holder: holder, metrics: metrics, admin: admin, log: log)
    }

    /// The repository's example apps, loaded, validated by loading, and compiled.
    static func releases() throws(ReloadError) -> [AppRelease] {
        let root = Fixtures.repositoryRoot()
        var releases: [AppRelease] = []
        for app in ["photocollage", "lingualeap"] {
            let policyFile = "Policies/\(app).yaml"
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(policyFile).path),
                  let policy = PolicyLoader.load([UInt8](data), file: policyFile).value else {
                throw ReloadError("cannot load \(policyFile)")
            }
            let folder = root.appendingPathComponent("Templates/\(app)")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            let templates = names.compactMap { name -> TemplateSet? in
                FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).flatMap {
                    TemplateLoader.load([UInt8]($0), file: "Templates/\(app)/\(name)").value
                }
            }
            let sources = AppSources(policy: policy, templates: templates, unreadableLocales: [],
                                     templateDirectory: "Templates/\(app)")
            do {
                releases.append(AppRelease(sources: sources, compiled: try PolicyCompiler.compile(policy)))
            } catch {
                throw ReloadError("\(error)")
            }
        }
        return releases
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

/// Items appended from any thread.
final class Recorder<Item: Sendable>: Sendable {
    private let storage = Mutex<[Item]>([])

    var items: [Item] { storage.withLock { $0 } }

    func append(_ item: Item) {
        storage.withLock { $0.append(item) }
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
