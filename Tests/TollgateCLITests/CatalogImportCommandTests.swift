import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate catalog import` as a user runs it: every kind of catalog becomes a project that validates without
/// errors, nothing is ever overwritten or half-written, and a private key never reaches what it writes.
@Suite struct CatalogImportCommandTests {
    static let storeKitFiles = [
        "storekit/joshdholtz-demo-v2.storekit", "storekit/revenuecat-paywalls-tester-v4-multilocale.storekit",
        "storekit/revenuecat-unit-tests-v5.storekit", "storekit/handmade-private-key.storekit",
        "storekit/handmade-missing-optional-keys.storekit", "storekit/handmade-storefront-esp-v5.storekit",
        "storekit/handmade-synced-v3.storekit", "storekit/handmade-v1.1.storekit",
        "storekit/handmade-app-store-ids.storekit",
    ]
    static let apiFiles = [
        "catalogs/asc-in-app-purchases.json", "catalogs/asc-in-app-purchases-included.json",
        "catalogs/asc-subscription-groups.json", "catalogs/asc-subscription-groups-included.json",
        "catalogs/play-subscriptions.json", "catalogs/play-subscription.json", "catalogs/play-one-time-products.json",
        "catalogs/play-inappproducts.json",
    ]

    static func run(_ arguments: [String], in folder: String) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: folder))
    }

    /// A fresh empty folder, removed after `body`.
    static func inScratchFolder<T>(_ body: (String) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    /// Every file under `folder`, by path relative to it, with its text.
    static func files(under folder: String) -> [String: String] {
        let paths = FileManager.default.enumerator(atPath: folder)?.allObjects.compactMap { $0 as? String } ?? []
        var result: [String: String] = [:]
        for path in paths {
            let full = (folder as NSString).appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            result[path] = (try? String(contentsOfFile: full, encoding: .utf8)) ?? "<unreadable>"
        }
        return result
    }

    @Test(arguments: storeKitFiles + apiFiles)
    func theImportOfEachCatalogValidatesWithoutErrors(fixture: String) throws {
        try Self.inScratchFolder { folder in
            let imported = Self.run(["catalog", "import", Fixtures.path(fixture), "--app", "demo"], in: folder)
            #expect(imported.exitCode == 0, "\(imported.stderr)")
            #expect(imported.stderr.hasPrefix("wrote Policies/demo.yaml and "), "\(imported.stderr)")
            let validated = Self.run(["validate"], in: folder)
            #expect(validated.exitCode == 0, "\(validated.stderr)")
            #expect(validated.stderr.contains("\n0 error(s), "), "\(validated.stderr)")
            #expect(Self.files(under: folder).keys.allSatisfy { $0.hasSuffix(".yaml") })
        }
    }

    @Test func theRealFilesLeaveOnlyTheOpenAttestationsAndPlaceholderBundleIDWarnings() throws {
        for fixture in Self.storeKitFiles.prefix(3) {
            try Self.inScratchFolder { folder in
                _ = Self.run(["catalog", "import", Fixtures.path(fixture), "--app", "demo"], in: folder)
                let warnings = Self.run(["validate"], in: folder).stderr.split(separator: "\n")
                    .filter { $0.contains(": warning: ") }
                #expect(warnings.filter { $0.hasSuffix("[attestation-open]") }.count == 3, "\(fixture)")
                #expect(warnings.allSatisfy { $0.hasSuffix("[attestation-open]") || $0.hasSuffix("[product-id-prefix]") },
                        "\(fixture): \(warnings)")
            }
        }
    }

    @Test func thePrivateKeyNeverReachesWhatIsWritten() throws {
        let body = "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgTollgateTestKeyNotReal0123456789abcdef"
        let real = try String(contentsOfFile: Fixtures.path("storekit/revenuecat-paywalls-tester-v4-multilocale.storekit"),
                              encoding: .utf8)
        let withKey = real.replacingOccurrences(
            of: "  \"identifier\" : ",
            with: "  \"subscriptionOffersKeyPair\" : {\n    \"id\" : \"0A1B2C3D\",\n    \"privateKey\" : "
                + "\"-----BEGIN PRIVATE KEY-----\\n\(body)\\n-----END PRIVATE KEY-----\"\n  },\n  \"identifier\" : ")
        #expect(withKey != real)
        try Self.inScratchFolder { folder in
            let file = (folder as NSString).appendingPathComponent("Keyed.storekit")
            try Data(withKey.utf8).write(to: URL(fileURLWithPath: file))
            let result = Self.run(["catalog", "import", "Keyed.storekit", "--app", "demo", "-o", "out"], in: folder)
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(result.stderr.contains("private key (subscriptionOffersKeyPair) was not copied"))
            #expect(!result.stderr.contains("TollgateTestKey") && !result.stdout.contains("TollgateTestKey"))
            let written = Self.files(under: (folder as NSString).appendingPathComponent("out"))
            #expect(written.count == 4)
            for (path, text) in written {
                #expect(!text.contains("TollgateTestKey") && !text.contains("PRIVATE KEY"), "\(path) holds the private key")
            }
        }
    }

    @Test func anExistingFileIsNeverOverwrittenAndNothingIsWritten() throws {
        let fixture = Fixtures.path("storekit/revenuecat-paywalls-tester-v4-multilocale.storekit")
        try Self.inScratchFolder { folder in
            #expect(Self.run(["catalog", "import", fixture, "--app", "demo", "-o", "out"], in: folder).exitCode == 0)
            let before = Self.files(under: folder)
            let again = Self.run(["catalog", "import", fixture, "--app", "demo", "-o", "out"], in: folder)
            #expect(again.exitCode == 2)
            #expect(again.stderr.hasPrefix("error: refusing to overwrite 'out/Policies/demo.yaml', "
                                               + "'out/Templates/demo/en.yaml'"), "\(again.stderr)")
            #expect(Self.files(under: folder) == before)
        }
    }

    @Test func oneExistingTemplateStopsTheWholeImport() throws {
        let fixture = Fixtures.path("storekit/revenuecat-paywalls-tester-v4-multilocale.storekit")
        try Self.inScratchFolder { folder in
            let templates = (folder as NSString).appendingPathComponent("Templates/demo")
            try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
            try Data("mine\n".utf8).write(to: URL(fileURLWithPath: (templates as NSString).appendingPathComponent("es.yaml")))
            let result = Self.run(["catalog", "import", fixture, "--app", "demo"], in: folder)
            #expect(result.exitCode == 2)
            #expect(result.stderr.hasPrefix("error: refusing to overwrite 'Templates/demo/es.yaml'\n"), "\(result.stderr)")
            #expect(Self.files(under: folder) == ["Templates/demo/es.yaml": "mine\n"])
        }
    }

    @Test(arguments: [
        (["catalog", "import", "--app", "demo"], "error: catalog import needs the catalog file to import"),
        (["catalog", "import", "a.storekit", "b.storekit", "--app", "demo"],
         "error: catalog import reads one catalog file; 2 were given"),
        (["catalog", "import", "a.storekit", "--app", "My App"], "error: 'My App' is not an app id"),
        (["catalog", "import", "none.storekit", "--app", "demo"], "error: cannot read 'none.storekit'"),
    ])
    func usageMistakesAreExitTwoAndWriteNothing(_ arguments: [String], _ message: String) throws {
        try Self.inScratchFolder { folder in
            let result = Self.run(arguments, in: folder)
            #expect(result.exitCode == 2)
            #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
            #expect(Self.files(under: folder).isEmpty)
        }
    }
}
