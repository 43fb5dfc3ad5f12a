import Foundation
import Project
import Replication
import Server
import Store
import Testing
import TestSupport

/// The repository's example apps, loaded, validated and compiled as `tollgate serve` serves them.
enum ExampleApps {
    static func releases() throws(ReloadError) -> [AppRelease] {
        try ProjectReleases(folder: Fixtures.repositoryRoot().path, validator: .withICU).releases()
    }
}

/// A new SQLite store path in a folder of its own, removed after.
enum TemporaryStore {
    static func make() -> (store: String, remove: () -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-follower-\(UUID())")
        return (folder.appendingPathComponent("store.sqlite").path, { try? FileManager.default.removeItem(at: folder) })
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
