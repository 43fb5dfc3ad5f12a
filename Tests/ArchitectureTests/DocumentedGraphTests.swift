import Foundation
import Testing

/// `docs/architecture.md`'s module table is `Package.swift`'s graph: one row per Swift target, its imports
/// column exactly the target's dependencies.
@Suite struct DocumentedGraphTests {
    /// Each row of the module table: the module its first column names and the modules its second lists.
    static func rows() throws -> [String: Set<String>] {
        let text = try String(contentsOf: PackageManifestTests.root.appendingPathComponent("docs/architecture.md"),
                              encoding: .utf8)
        var rows: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 3, let name = cells[1].split(separator: "`").first else { continue }
            let imports = cells[2] == "—" ? [] : cells[2].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            rows[String(name)] = Set(imports)
        }
        return rows
    }

    @Test func everySwiftTargetHasARowWithItsDependencies() throws {
        let rows = try Self.rows()
        let targets = PackageManifestTests.targets.filter {
            !$0.name.hasSuffix("Tests") && !ModuleGraphTests.cModules.contains($0.name)
        }
        #expect(targets.count > 20)
        for target in targets {
            #expect(rows[target.name] == target.dependencies, "the row of \(target.name)")
        }
        #expect(Set(rows.keys) == Set(targets.map(\.name)), "rows for targets that do not exist")
    }
}
