import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PolicyModel
import Server
import Testing
import TestSupport
import TollgateEvaluation
import Diagnostics

/// Opens `GET /v1/apps/{app}/paywalls/main/preview?locale=…` of a running `tollgate serve` in headless Chromium,
/// straight from the server's address, and checks the DOM the browser built against the example policy and
/// templates; screenshots are kept as `.build/paywall-preview/server-<app>-<locale>.png`.
///
/// Serialized: on two cores, parallel browsers finish no sooner and take several times the memory.
@Suite(.serialized, .tags(.chromium)) struct PreviewBrowserTests {
    /// One preview: an app's main paywall in one locale.
    struct Page: Sendable, CustomTestStringConvertible {
        var app: String
        var locale: String
        /// The `dir` the page must have: `rtl` for Arabic script, else `ltr`.
        var direction = "ltr"

        /// The artifact name, `server-<app>-<locale>`.
        var name: String { "server-\(app)-\(locale)" }
        var testDescription: String { "\(app) \(locale)" }
    }

    static let pages: [Page] = [
        Page(app: "photocollage", locale: "en"),
        Page(app: "photocollage", locale: "ja"),
        Page(app: "lingualeap", locale: "ar", direction: "rtl"),
        Page(app: "lingualeap", locale: "pl"),
    ]

    static let chromium = "/usr/bin/chromium"
    /// The window the screenshots are taken in, as `width, height` pixels.
    static let window = (width: 480, height: 1400)

    @Test(arguments: pages) func previewInChromium(_ page: Page) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.chromium),
                     "headless Chromium is missing at \(Self.chromium); run scripts/install-deps.sh --test")
        let release = try #require(try ExampleService.releases().first { $0.compiled.app == page.app })
        let server = try await ServedTollgate()
        let address = "\(server.url)/v1/apps/\(page.app)/paywalls/main/preview?locale=\(page.locale)"

        let (_, response) = try await URLSession.shared.data(from: try #require(URL(string: address)))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200, "GET \(address)")
        #expect(http.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/html") == true)

        let folder = Fixtures.repositoryRoot().appendingPathComponent(".build/paywall-preview")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let screenshot = folder.appendingPathComponent("\(page.name).png")
        try? FileManager.default.removeItem(at: screenshot)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-chromium-\(UUID())")
        defer { try? FileManager.default.removeItem(at: profile) }
        // One browser both prints the DOM and takes the screenshot: startup is most of its time.
        let browser = try await ChildProcess.run(
            Self.chromium,
            ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--user-data-dir=\(profile.path)",
             "--dump-dom", "--screenshot=\(screenshot.path)", "--window-size=\(Self.window.width),\(Self.window.height)",
             "--hide-scrollbars", address],
            timeout: .seconds(60))
        let exitStatus = await server.stop()
        try #require(browser.succeeded, """
            chromium \(browser.timedOut ? "was killed after 60 s" : "exited with \(browser.status)"); stderr:
            \(browser.stderr.suffix(4000))
            """)
        try Self.checkDOM(browser.stdout, page: page, sources: release.sources)

        let png = try #require(FileManager.default.contents(atPath: screenshot.path), "no screenshot at \(screenshot.path)")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(screenshot.path) is not a PNG")
        let size = try #require(DOMSerialization.pngSize(png), "\(screenshot.path) has no IHDR chunk")
        #expect(size.width == Self.window.width && size.height == Self.window.height,
                "\(screenshot.path) is \(size.width)×\(size.height), not the window's size")
        #expect(exitStatus == 0, "tollgate serve after SIGTERM")
    }

    /// Checks language and direction, the title, one item per product with its reference USD price, the restore
    /// button and the legal links, as Chromium serializes them.
    private static func checkDOM(_ dom: String, page: Page, sources: AppSources) throws {
        #expect(dom.hasPrefix("<!DOCTYPE html>"), "Chromium returned no document: \(dom.prefix(300))")
        #expect(dom.contains("<html lang=\"\(DOMSerialization.attribute(page.locale))\" dir=\"\(page.direction)\">"), "lang and dir")
        #expect(dom.contains("<meta name=\"tollgate-paywall\" content=\"\(page.app)/main USD\">"),
                "previewed with the reference prices in USD")
        let templates = try #require(sources.templates(for: page.locale)?.paywall("main"),
                                     "no main paywall in Templates/\(page.app)/\(page.locale).yaml")
        func line(_ key: String) throws -> String {
            let message = try #require(templates.entry(key)?.message, "\(page.locale): no '\(key)' for the main paywall")
            try #require(message.variableNames.isEmpty, "\(page.locale): '\(key)' is not plain text")
            return message.text.value
        }

        let title = try line("title")
        #expect(dom.contains("<title>\(DOMSerialization.text(title))</title>"), "title")
        #expect(dom.contains("<h1>\(DOMSerialization.text(title))</h1>"), "heading")

        let policy = sources.policy
        let paywall = try #require(policy.paywalls.first { $0.id.value == "main" }, "\(page.app) has no main paywall")
        #expect(DOMSerialization.occurrences(of: "<li class=\"product", in: dom) == paywall.products.count, "one item per product")
        for id in paywall.products.map(\.value) {
            let element = try #require(DOMSerialization.productItem(id, in: dom), "no <li> for \(id)")
            let product = try #require(policy.products.first { $0.id.value == id })
            let usd = try #require(product.referencePrices.first { $0.currency.value == "USD" }?.amount.value,
                                   "\(id) has no USD reference price")
            let price = try #require(paragraph("price", in: element), "no price line for \(id)")
            #expect((price.contains("$") || price.contains("USD")) && digits(price).contains(digits(usd)),
                    "\(id): the price line '\(price)' shows \(usd) USD")
            #expect(element.contains("class=\"buy\""), "buy button of \(id)")
        }

        #expect(dom.contains("<button type=\"button\" class=\"restore\">\(DOMSerialization.text(try line("restore")))</button>"),
                "restore button")
        for (role, url) in [("terms", policy.app.legal.termsURL), ("privacy", policy.app.legal.privacyURL)] {
            let url = try #require(url?.value, "\(page.app) has no \(role) address")
            #expect(dom.contains("<a class=\"\(role)\" href=\"\(DOMSerialization.attribute(url))\">\(DOMSerialization.text(try line(role)))</a>"),
                    "\(role) link")
        }
    }

    /// The content of the first `<p class="<role>">` in `element`.
    private static func paragraph(_ role: String, in element: Substring) -> Substring? {
        guard let start = element.range(of: "<p class=\"\(role)\">"),
              let end = element[start.upperBound...].range(of: "</p>") else { return nil }
        return element[start.upperBound..<end.lowerBound]
    }

    /// The decimal digits of `text` in ASCII, Arabic-Indic ones included, without separators.
    private static func digits(_ text: some StringProtocol) -> String {
        String(text.unicodeScalars.compactMap { scalar -> Character? in
            switch scalar.value {
            case 0x30...0x39: Character(scalar)
            case 0x660...0x669, 0x6F0...0x6F9: Character(String(scalar.value & 0xF))
            default: nil
            }
        })
    }
}
