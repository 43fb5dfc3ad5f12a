import Foundation
import TestSupport

/// A copy of the example apps' policies and templates in a scratch folder, with one policy edited: the
/// place to run a command on a variant of an example (a paused experiment, a moved weight).
struct EditedExamples {
    let folder: URL

    /// Copies `Policies/` and `Templates/` and applies `edit` to `Policies/<app>.yaml`; each replacement must
    /// change the text, so a test never runs on an unedited copy by mistake.
    init(app: String, replacing replacements: [(String, String)]) throws {
        let root = Fixtures.repositoryRoot()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("edited-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["Policies", "Templates"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let file = folder.appendingPathComponent("Policies/\(app).yaml")
        var text = try String(contentsOf: file, encoding: .utf8)
        for (old, new) in replacements {
            let edited = text.replacingOccurrences(of: old, with: new)
            guard edited != text else { throw EditError(missing: old) }
            text = edited
        }
        try text.write(to: file, atomically: true, encoding: .utf8)
    }

    /// The examples with `app`'s placements and experiments taken out.
    static func withoutPlacements(app: String) throws -> EditedExamples {
        let policy = try String(contentsOf: Fixtures.repositoryRoot().appendingPathComponent("Policies/\(app).yaml"),
                                encoding: .utf8)
        guard let start = policy.range(of: "\nplacements:\n"), let end = policy.range(of: "\nreview:\n") else {
            throw EditError(missing: "placements: … review:")
        }
        return try EditedExamples(app: app, replacing: [(String(policy[start.lowerBound..<end.lowerBound]), "\n")])
    }

    /// A replacement whose text the policy does not hold.
    struct EditError: Error {
        var missing: String
    }

    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
