package import Foundation

/// A copy of the repository's example project (`Policies/`, `Templates/`) in a folder of its own, published to a
/// store with the `tollgate` executable built with the tests, as a user publishes.
package struct PublishingProject: Sendable {
    package let folder: URL
    /// The store, as `--store` takes it: a file or a `postgres://` URL.
    package let store: String

    /// The project publishing to `store`.
    package init(store: String) throws {
        try self.init(folder: Self.newFolder(), store: { _ in store })
    }

    /// The project publishing to a new SQLite file in its own folder, removed with it.
    package init() throws {
        try self.init(folder: Self.newFolder(), store: { $0.appendingPathComponent("store.sqlite").path })
    }

    private static func newFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-project-\(UUID().uuidString)")
    }

    private init(folder: URL, store: (URL) -> String) throws {
        self.folder = folder
        self.store = store(folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for item in ["Policies", "Templates"] {
            try FileManager.default.copyItem(at: Fixtures.repositoryRoot().appendingPathComponent(item),
                                             to: folder.appendingPathComponent(item))
        }
    }

    /// A project whose store is of `backend`: a new PostgreSQL database named after `label`, published to once
    /// (the database is answered too, to drop), or the project's own SQLite file, which serving `Policies/` keeps.
    package static func on(_ backend: StoreBackend, label: String) async throws -> (PublishingProject, TestDatabase?) {
        guard backend == .postgres else { return (try PublishingProject(), nil) }
        let database = try TestDatabase.create(label)
        let project = try PublishingProject(store: database.url)
        try await project.publish()
        return (project, database)
    }

    package func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `tollgate` with `arguments` in the project; throws with its output when it fails.
    @discardableResult
    package func tollgate(_ arguments: [String]) async throws -> ChildProcessResult {
        let result = try await ChildProcess.run(BuiltTollgate.executable.path, arguments, in: folder,
                                                timeout: .seconds(120))
        guard result.succeeded else {
            throw ChildProcess.Failure(description: "tollgate \(arguments.joined(separator: " ")) failed "
                + "(\(result.status)):\n\(result.stdout)\(result.stderr)")
        }
        return result
    }

    /// Publishes every app, or only photocollage with its remove-ads reference price set to `price` (which
    /// changes its bundle), with `tollgate publish`; returns the ETag the channel's photocollage now has.
    @discardableResult
    package func publish(price: String? = nil) async throws -> String {
        var arguments = ["publish", "--store", store, "--author", "tests", "-m", "price \(price ?? "as is")"]
        if let price {
            let file = folder.appendingPathComponent("Policies/photocollage.yaml")
            let text = try String(contentsOf: file, encoding: .utf8)
            let edited = text.replacingOccurrences(of: #"\{ USD: "[0-9.]+", KRW: "3900""#,
                                                   with: #"{ USD: "\#(price)", KRW: "3900""#, options: .regularExpression)
            guard edited != text else {
                throw ChildProcess.Failure(description: "no remove-ads price in Policies/photocollage.yaml")
            }
            try Data(edited.utf8).write(to: file)
            arguments += ["--app", "photocollage"]
        }
        try await tollgate(arguments)
        return try await etag(app: "photocollage")
    }

    /// The ETag of what the production channel serves for `app` now, from `tollgate history`.
    package func etag(app: String) async throws -> String {
        let history = try await tollgate(["history", "--store", store, "--app", app, "--format", "json"])
        let entries = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
        guard let active = entries.first(where: { $0["channel"] as? String == "production" && $0["active"] as? Bool == true }),
              let hash = active["hash"] as? String else {
            throw ChildProcess.Failure(description: "the production channel serves no '\(app)':\n\(history.stdout)")
        }
        return "\"\(hash)\""
    }
}
