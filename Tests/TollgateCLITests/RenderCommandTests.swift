import Foundation
import TestSupport
import Testing
import TollgateCLI

/// `tollgate render` on the example apps: a golden per app × locale × storefront, and its errors.
@Suite struct RenderCommandTests {
    static let root = Fixtures.repositoryRoot().path

    /// One example page: an app, one of its locales and a prices file.
    struct Page: Sendable, CustomTestStringConvertible {
        var app: String
        var locale: String
        var storefront: String
        var name: String { "\(app)-\(locale)-\(storefront)" }
        var testDescription: String { name }
    }

    static let locales = ["photocollage": ["en", "ko", "ja"], "lingualeap": ["en", "ru", "pl", "ar", "de"]]
    static let storefronts = ["photocollage": ["USA", "JPN"], "lingualeap": ["USA", "POL"]]
    static let pages = locales.keys.sorted().flatMap { app in
        locales[app, default: []].flatMap { locale in
            storefronts[app, default: []].map { Page(app: app, locale: locale, storefront: $0) }
        }
    }

    static func run(_ arguments: [String]) -> CommandResult {
        Tollgate.run(arguments, context: CommandContext(currentDirectory: root))
    }

    static func check(_ output: String, _ golden: String) {
        expectGolden(output, at: Fixtures.path("cli/render/\(golden)"))
    }

    @Test(arguments: pages)
    func everyExamplePageMatchesItsGoldens(_ page: Page) {
        for format in ["text", "json"] {
            let result = Self.run(["render", "--app", page.app, "--paywall", "main", "--locale", page.locale,
                                   "--prices", "Prices/\(page.app)/\(page.storefront).yaml", "--format", format])
            #expect(result.exitCode == 0, "\(result.stderr)")
            Self.check(result.stdout, "\(page.name).\(format)")
        }
    }

    @Test(arguments: ["markdown", "html"])
    func markdownAndHTMLMatchTheirGoldens(format: String) {
        for (app, locale) in [("photocollage", "ja"), ("lingualeap", "ar")] {
            let result = Self.run(["render", "--app", app, "--locale", locale, "--prices", "Prices/\(app)/USA.yaml",
                                   "--format", format])
            #expect(result.exitCode == 0, "\(result.stderr)")
            Self.check(result.stdout, "\(app)-\(locale)-USA.\(format)")
        }
    }

    @Test func theExamPaywallRendersItsNonRenewingAndConsumableProducts() {
        let result = Self.run(["render", "--app", "lingualeap", "--paywall", "exam", "--locale", "pl",
                               "--prices", "Prices/lingualeap/POL.yaml"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        Self.check(result.stdout, "lingualeap-exam-pl-POL.text")
    }

    @Test func withoutPricesTheReferencePricesShowAndNoTrialIsPromised() {
        let result = Self.run(["render", "--app", "photocollage"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("$29.99 / year"))
        #expect(!result.stdout.contains("free, then"))
        #expect(result.stderr == "warning: no --prices given: showing the policy's reference prices in USD\n")
    }

    @Test func fallbacksAreWarningsOnStderrAndInTheJSON() {
        let text = Self.run(["render", "--app", "photocollage", "--locale", "ko-KR", "--prices",
                             "Prices/photocollage/USA.yaml"])
        #expect(text.exitCode == 0)
        #expect(text.stderr == "warning: locale 'ko-KR' falls back to 'ko': no 'main' templates for 'ko-KR'\n")
        let json = Self.run(["render", "--app", "photocollage", "--locale", "ko-KR", "--prices",
                             "Prices/photocollage/USA.yaml", "--format", "json"])
        #expect(json.stderr.isEmpty)
        #expect(json.stdout.contains("\"requested_locale\" : \"ko-KR\""))
        #expect(json.stdout.contains("falls back to 'ko'"))
    }

    @Test func badPricesFilesAreReportedWithTheirPosition() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("prices.yaml")
        try Data("currency: usd\nprices:\n  com.example.photocollage.removeads: 2,99\n".utf8).write(to: file)
        let result = Self.run(["render", "--app", "photocollage", "--prices", file.path])
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("prices.yaml:1:11: error: currency must be an ISO 4217 code; found 'usd'"))
        #expect(result.stderr.contains(
            "prices.yaml:3:39: error: the price of 'com.example.photocollage.removeads' in prices must be a decimal amount; found '2,99'"))
    }

    /// A prices file amount with more decimals than its currency has (ICU's count), or a currency not in use, is
    /// a finding at its place; nothing is rounded and nothing is rendered.
    @Test(arguments: ["usd-three-decimals", "clp-decimals", "withdrawn-currency"])
    func pricesBeyondTheCurrencysDigitsAreErrors(_ name: String) {
        let result = Self.run(["render", "--app", "photocollage", "--prices", "Tests/Fixtures/cli/prices/\(name).yaml"])
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        expectGolden(result.stderr, at: Fixtures.path("cli/prices/\(name).out"))
    }

    @Test func usageMistakesExitWithTwo() {
        let unknown = Self.run(["render", "--app", "photocollage", "--paywall", "mian"])
        #expect(unknown.exitCode == 2)
        #expect(unknown.stderr.hasPrefix("error: app 'photocollage' has no paywall 'mian'\n"
                                         + "  help: did you mean 'main'?"))
        let missing = Self.run(["render", "--app", "photocollage", "--prices", "Prices/nowhere.yaml"])
        #expect(missing.exitCode == 2)
        #expect(missing.stderr
            == "error: cannot read 'Prices/nowhere.yaml': no such file or directory\nsee 'tollgate render --help'\n")
        #expect(Self.run(["render", "--app", "photocollage", "--format", "pdf"]).exitCode == 2)
        #expect(Self.run(["render", "--app", "photocollage", "--locale", "not a tag"]).exitCode == 2)
    }
}
