import Foundation
import TestSupport

/// A project written to a fresh temporary folder: files by relative path.
struct ProjectFolder {
    let path: String

    init(_ files: [String: [UInt8]]) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)").path
        for (relative, bytes) in files {
            let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
    }

    /// The example app photocollage as the repository holds it, with `edits` (by path) in place of its files.
    static func photocollage(_ edits: [String: String] = [:]) throws -> [String: [UInt8]] {
        let root = Fixtures.repositoryRoot()
        var files: [String: [UInt8]] = [:]
        for path in ["Policies/photocollage.yaml", "Templates/photocollage/en.yaml", "Templates/photocollage/ja.yaml",
                     "Templates/photocollage/ko.yaml"] {
            files[path] = [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
        }
        for (path, text) in edits { files[path] = Array(text.utf8) }
        return files
    }
}
