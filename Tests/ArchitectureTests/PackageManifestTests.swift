import Foundation
import TestSupport
import Testing

/// `Package.swift` says what the code does: each target depends on exactly the package modules its files
/// import, and every target builds with internal imports by default and member import visibility.
@Suite struct PackageManifestTests {
    /// One target of the manifest: its name, the package modules it depends on and the folder of its sources.
    struct Target: Sendable, CustomTestStringConvertible {
        var name: String
        var dependencies: Set<String>
        var folder: String
        /// Whether it builds with the shared `settings`.
        var sharesSettings: Bool

        var testDescription: String { name }
    }

    static let root = Fixtures.repositoryRoot()
    static let manifest = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""

    /// The Swift targets of the manifest, read from its text: `.target`, `.executableTarget` and `.testTarget`.
    static let targets: [Target] = {
        let kinds = ["target", "executableTarget", "testTarget"]
        var pieces = [manifest[...]]
        for kind in kinds {
            pieces = pieces.flatMap { $0.components(separatedBy: ".\(kind)(").enumerated().map { index, piece in
                (index == 0 ? "" : "\(kind)(") + piece
            }.map { Substring($0) } }
        }
        return pieces.compactMap { piece -> Target? in
            guard let kind = kinds.first(where: { piece.hasPrefix("\($0)(") }),
                  let name = quoted(after: "name:", in: piece) else { return nil }
            var dependencies: Set<String> = []
            if let list = piece.range(of: "dependencies: ["), let end = piece[list.upperBound...].firstIndex(of: "]") {
                dependencies = Set(piece[list.upperBound..<end].split(separator: ",").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\""))
                }.filter { !$0.isEmpty })
            }
            let folder = quoted(after: "path:", in: piece) ?? (kind == "testTarget" ? "Tests/\(name)" : "Sources/\(name)")
            return Target(name: name, dependencies: dependencies, folder: folder,
                          sharesSettings: piece.contains("swiftSettings: settings"))
        }
    }()

    /// The first double-quoted string after `label` in `text`.
    static func quoted(after label: String, in text: Substring) -> String? {
        guard let start = text.range(of: label + " \"") else { return nil }
        return text[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    /// The Swift files under `folder`.
    static func swiftFiles(in folder: String) -> [URL] {
        let url = root.appendingPathComponent(folder)
        var files: [URL] = []
        let walker = FileManager.default.enumerator(atPath: url.path)
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(url.appendingPathComponent(path)) }
        }
        return files
    }

    /// The modules the Swift files under `folder` import.
    static func imports(in folder: String) -> Set<String> {
        var modules: Set<String> = []
        for file in swiftFiles(in: folder) {
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !["@testable", "package", "public", "internal"].contains($0) }
                if words.count == 2, words[0] == "import" { modules.insert(String(words[1])) }
            }
        }
        return modules
    }

    @Test func theManifestIsRead() {
        let names = Self.targets.map(\.name)
        #expect(names.contains("Server"))
        #expect(names.contains("TollgateBenchmarks"))
        #expect(names.contains("ServerTests"))
        #expect(Self.targets.first { $0.name == "TollgateBenchmarks" }?.folder == "Benchmarks/TollgateBenchmarks")
    }

    @Test(arguments: targets)
    func dependenciesAreExactlyTheImportedPackageModules(target: Target) {
        let packageModules = Set(Self.targets.map(\.name)).union(ModuleGraphTests.cModules)
        let imported = Self.imports(in: target.folder).intersection(packageModules)
        #expect(target.dependencies.subtracting(imported).sorted() == [], "declared but never imported")
        #expect(imported.subtracting(target.dependencies).sorted() == [], "imported but not declared")
    }

    @Test func everySwiftTargetImportsInternallyByDefaultAndSeesOnlyImportedMembers() {
        #expect(Self.manifest.contains(#".enableUpcomingFeature("InternalImportsByDefault")"#))
        #expect(Self.manifest.contains(#".enableUpcomingFeature("MemberImportVisibility")"#))
        let swiftTargets = Self.targets.filter { !Self.swiftFiles(in: $0.folder).isEmpty }
        #expect(swiftTargets.count > 20)
        #expect(swiftTargets.filter { !$0.sharesSettings }.map(\.name) == [])
    }
}
