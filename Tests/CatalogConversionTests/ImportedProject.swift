import CatalogConversion
import Diagnostics
import Foundation
import PolicyModel
import Project
import Rendering
import StoreCatalog
import TestSupport

/// A catalog imported into a fresh temporary folder, to validate and load as a user would.
struct ImportedProject {
    let folder: String
    let result: CatalogImporter.Result
    let app: String

    init(_ catalog: StoreCatalog, app: String = "shop") throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)").path
        self.app = app
        result = try CatalogImporter(appID: app, currencyDigits: CLDRCurrencies.fractionDigits(of:)).files(from: catalog)
        try NewFiles.write(result.files, under: folder)
    }

    /// `tollgate ARGUMENTS` run in the folder.
    func run(_ arguments: [String]) throws -> ChildProcessResult {
        try BuiltTollgate.run(arguments, in: folder)
    }

    /// The findings of `tollgate validate`, one line each (`…: warning: … [rule]`).
    func findings() throws -> (exitCode: Int32, lines: [String]) {
        let result = try run(["validate"])
        let lines = result.stderr.split(separator: "\n").map(String.init)
            .filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        return (result.status, lines)
    }

    /// The policy and templates as the project's loader reads them.
    func load() throws -> AppSources {
        let loaded = try Project.load(policies: ["Policies/\(app).yaml"], from: DiskFiles(folder: folder))[0]
        guard let sources = loaded.sources, !loaded.diagnostics.contains(where: { $0.severity == .error }) else {
            throw LoadFailure(diagnostics: loaded.diagnostics.map(\.message))
        }
        return sources
    }

    func text(_ path: String) -> String {
        (try? String(contentsOfFile: (folder as NSString).appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    struct LoadFailure: Error {
        var diagnostics: [String]
    }
}
