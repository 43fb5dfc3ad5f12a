import Foundation
import PolicyCompiler
import PolicyLoader
import PolicyModel
import Server
import Store
import Synchronization
import Testing
import TestSupport

/// The repository's example apps, loaded and compiled as a replica would serve them.
enum ExampleApps {
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
}

/// A new SQLite store path in a folder of its own, removed after.
enum TemporaryStore {
    static func make() -> (store: String, remove: () -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-follower-\(UUID())")
        return (folder.appendingPathComponent("store.sqlite").path, { try? FileManager.default.removeItem(at: folder) })
    }
}

/// A copy of the example project that publishes to a store with the `tollgate` executable built with the tests.
struct PublishingProject {
    let folder: URL
    let store: String

    init(store: String) throws {
        self.store = store
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-follower-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for item in ["Policies", "Templates"] {
            try FileManager.default.copyItem(at: Fixtures.repositoryRoot().appendingPathComponent(item),
                                             to: folder.appendingPathComponent(item))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Publishes every app, or only photocollage with its remove-ads reference price set to `price` (which
    /// changes its bundle), with `tollgate publish`; returns the ETag the channel's photocollage now has.
    @discardableResult
    func publish(price: String? = nil) async throws -> String {
        var arguments = ["publish", "--store", store, "--author", "tests", "-m", "price \(price ?? "as is")"]
        if let price {
            let file = folder.appendingPathComponent("Policies/photocollage.yaml")
            let text = try String(contentsOf: file, encoding: .utf8)
            let edited = text.replacingOccurrences(of: #"\{ USD: "[0-9.]+", KRW: "3900""#,
                                                   with: #"{ USD: "\#(price)", KRW: "3900""#, options: .regularExpression)
            try #require(edited != text, "the remove-ads price is in Policies/photocollage.yaml")
            try Data(edited.utf8).write(to: file)
            arguments += ["--app", "photocollage"]
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("tollgate")
        let result = try await ChildProcess.run(executable.path, arguments, in: folder, timeout: .seconds(120))
        guard result.succeeded else {
            throw ChildProcess.Failure(description: "tollgate \(arguments.joined(separator: " ")) failed "
                + "(\(result.status)):\n\(result.stdout)\(result.stderr)")
        }
        let snapshot = try #require(try StoreLocation(store).open(.read).active(app: "photocollage", channel: "production"))
        return "\"\(snapshot.hash)\""
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
