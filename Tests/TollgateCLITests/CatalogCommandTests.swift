import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate catalog` and `validate --catalog` as a user meets them when something is wrong: one clear error
/// and exit 2, never a partial report.
@Suite struct CatalogCommandTests {
    static let root = Fixtures.repositoryRoot().path

    static func run(_ arguments: [String], in folder: String = root) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: folder))
    }

    /// A scratch folder holding `files` (name → text), removed after `body`.
    static func withFiles<T>(_ files: [String: String], _ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return try body(folder)
    }

    @Test func aFileOfNoKnownShapeIsOneErrorWithItsPosition() throws {
        try Self.withFiles(["odd.json": "{\n  \"items\" : []\n}\n"]) { folder in
            let path = folder.appendingPathComponent("odd.json").path
            for arguments in [["catalog", "check", "--app", "photocollage", path], ["validate", "--catalog", path]] {
                let result = Self.run(arguments)
                #expect(result.exitCode == 2)
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.hasPrefix("error: \(path):1:1: not a store catalog: the top-level object has 'items'; "
                                                    + "expected an Xcode StoreKit configuration"), "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1)
            }
        }
    }

    @Test func badJSONNamesItsLineAndColumn() throws {
        try Self.withFiles(["bad.storekit": "{\n  \"products\" : [,]\n}\n"]) { folder in
            let path = folder.appendingPathComponent("bad.storekit").path
            let result = Self.run(["catalog", "check", "--app", "photocollage", path])
            #expect(result.exitCode == 2)
            #expect(result.stderr == "error: \(path):2:17: not valid JSON: expected a value, found ','\n")
        }
    }

    @Test func aCatalogFileOverTheLimitIsRefusedUnread() throws {
        try Self.withFiles([:]) { folder in
            let path = folder.appendingPathComponent("huge.storekit").path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: UInt64(Workspace.maximumCatalogBytes + 1))
            try handle.close()
            let result = Self.run(["catalog", "check", "--app", "photocollage", path])
            #expect(result.exitCode == 2)
            #expect(result.stderr.contains("a catalog file may have at most 67108864 bytes (64 MiB)"))
        }
    }

    @Test func aMissingCatalogFileIsExitTwo() {
        let result = Self.run(["validate", "--catalog", "Catalogs/none.storekit"])
        #expect(result.exitCode == 2)
        #expect(result.stderr.contains("Catalogs/none.storekit"))
    }

    @Test(arguments: [
        (["catalog", "chek", "--app", "photocollage"], "error: unknown subcommand 'chek'"),
        (["catalog", "check", "--app", "photocollage"], "error: catalog check needs at least one catalog file"),
        (["catalog", "check", "--app", "photocollage", "--format", "yaml", "x.storekit"],
         "error: unknown format 'yaml' for catalog check"),
        (["catalog", "check", "--app", "photocolage", "x.storekit"], "error: no policy for app 'photocolage'"),
    ])
    func usageMistakesAreExitTwo(_ arguments: [String], _ message: String) {
        let result = Self.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }
}
