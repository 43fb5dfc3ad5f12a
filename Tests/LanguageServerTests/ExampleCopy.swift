import Foundation
import TestSupport

/// A scratch copy of the examples' `Policies/` and `Templates/`, removed by `remove()`.
struct ExampleCopy {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let root = Fixtures.repositoryRoot().path
        for name in ["Policies", "Templates"] {
            try FileManager.default.copyItem(atPath: "\(root)/\(name)", toPath: "\(folder)/\(name)")
        }
    }

    func text(_ path: String) throws -> String {
        try String(contentsOfFile: "\(folder)/\(path)", encoding: .utf8)
    }

    func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(path)"))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
