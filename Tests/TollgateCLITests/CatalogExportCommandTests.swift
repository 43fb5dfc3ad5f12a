import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate catalog export --format storekit`: the examples' committed `.storekit` files are what the command
/// writes today, the same bytes on stdout and in a file, and a bad option is exit 2.
@Suite struct CatalogExportCommandTests {
    static let root = Fixtures.repositoryRoot().path

    static func run(_ arguments: [String], in folder: String = root) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: folder))
    }

    @Test(arguments: ["photocollage", "lingualeap"])
    func theCommittedExampleCatalogsAreAFreshExport(app: String) throws {
        let result = Self.run(["catalog", "export", "--app", app, "--format", "storekit"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let committed = try String(contentsOfFile: "\(Self.root)/Catalogs/\(app).storekit", encoding: .utf8)
        #expect(result.stdout == committed, "Catalogs/\(app).storekit differs from 'tollgate catalog export --app \(app)'")
    }

    /// What `make run` checks: each example policy agrees with its catalog, with no finding beyond the examples' own.
    @Test func theExampleCatalogsAgreeWithTheirPolicies() {
        let result = Self.run(["validate", "--catalog", "Catalogs/photocollage.storekit",
                               "--catalog", "Catalogs/lingualeap.storekit"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let findings = result.stderr.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") }
        #expect(findings.count == 1 && findings[0].hasSuffix("[attestation-open]"), "\(result.stderr)")
    }

    @Test func theFileIsTheBytesOfStandardOutput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = (folder as NSString).appendingPathComponent("Products.storekit")
        let written = Self.run(["catalog", "export", "--app", "lingualeap", "-o", file])
        #expect(written.exitCode == 0)
        #expect(written.stderr == "wrote \(file) (USA, USD)\n")
        let printed = Self.run(["catalog", "export", "--app", "lingualeap"])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == printed.stdout)
    }

    @Test(arguments: [
        (["catalog", "export", "--app", "photocollage", "--format", "json"],
         "error: unknown format 'json' for catalog export"),
        (["catalog", "export", "--app", "photocollage", "--storefront", "XYZ"], "error: unknown storefront 'XYZ'"),
        (["catalog", "export", "--app", "photocollage", "--storefront", "CHE"],
         "error: no reference price in CHF, the currency of the storefront CHE, for 'com.example.photocollage.removeads'"),
        (["catalog", "export", "--app", "photocollage", "x.storekit"], "error: catalog export takes no file"),
        (["catalog", "export", "--app", "photocolage"], "error: no policy for app 'photocolage'"),
    ])
    func mistakesAreExitTwoWithNothingOnStandardOutput(_ arguments: [String], _ message: String) {
        let result = Self.run(arguments)
        #expect(result.exitCode == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func aStorefrontInAnotherPricedCurrencyExportsItsPrices() {
        let result = Self.run(["catalog", "export", "--app", "photocollage", "--storefront", "JPN"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""displayPrice" : "4800""#))
        #expect(result.stdout.contains(#""_storefront" : "JPN""#))
    }
}
