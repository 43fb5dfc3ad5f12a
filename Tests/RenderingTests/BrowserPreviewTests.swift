import Foundation
import PolicyLoader
import PolicyModel
import Rendering
import Testing
import TestSupport

/// Opens the HTML preview of every example paywall in headless Chromium and checks the DOM the browser
/// built against the rendered lines; screenshots are kept under `.build/paywall-preview/` as artifacts.
///
/// Serialized: on two cores, parallel browsers finish no sooner and take several times the memory.
@Suite(.serialized, .tags(.chromium)) struct BrowserPreviewTests {
    /// One example page: an app's first paywall in one locale with one store front's prices.
    struct Page: Sendable, CustomTestStringConvertible {
        var app: String
        var locale: String
        var storefront: String
        /// The `dir` the page must have: `rtl` for Arabic script, else `ltr`.
        var direction = "ltr"
        /// The products the store front gave no price for.
        var unpriced: Set<String> = []

        /// The artifact name, `<app>-<locale>-<storefront>`.
        var name: String { "\(app)-\(locale)-\(storefront)" }
        var testDescription: String { name }
    }

    /// Every locale of every example app with USA prices, and the Japanese store with a price missing.
    static let pages: [Page] = [
        Page(app: "photocollage", locale: "en", storefront: "USA"),
        Page(app: "photocollage", locale: "ko", storefront: "USA"),
        Page(app: "photocollage", locale: "ja", storefront: "USA"),
        Page(app: "photocollage", locale: "ja", storefront: "JPN", unpriced: ["com.example.photocollage.removeads"]),
        Page(app: "lingualeap", locale: "en", storefront: "USA"),
        Page(app: "lingualeap", locale: "ru", storefront: "USA"),
        Page(app: "lingualeap", locale: "pl", storefront: "USA"),
        Page(app: "lingualeap", locale: "ar", storefront: "USA", direction: "rtl"),
        Page(app: "lingualeap", locale: "de", storefront: "USA"),
    ]

    /// The window the screenshots are taken in, as `width, height` pixels.
    static let window = (width: 480, height: 1400)

    /// A locale added to an example policy gets a browser check too.
    @Test func pagesCoverEveryLocaleOfEveryExamplePolicy() throws {
        let root = Fixtures.repositoryRoot()
        let policies = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Policies").path)
            .filter { $0.hasSuffix(".yaml") }
        try #require(!policies.isEmpty, "no example policies under Policies/")
        for file in policies {
            let app = (file as NSString).deletingPathExtension
            let policy = try Self.policy(app: app)
            let covered = Set(Self.pages.filter { $0.app == app && $0.storefront == "USA" }.map(\.locale))
            #expect(covered == Set(policy.app.locales.map(\.value)), "locales of \(app) opened with USA prices")
        }
    }

    /// Renders `page`, writes it as HTML, and checks Chromium's DOM of it and its screenshot.
    @Test(arguments: pages) func pageInChromium(_ page: Page) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Chromium.path),
                     "headless Chromium is missing at \(Chromium.path); run scripts/install-deps.sh --test")
        let sources = try Self.sources(app: page.app)
        let paywall = try #require(sources.policy.paywalls.first?.id.value, "\(page.app) has no paywall")
        let rendered = try PaywallRenderer(sources: sources)
            .render(paywall: paywall, locale: page.locale, prices: try Self.prices(app: page.app, page.storefront))
        #expect(rendered.locale == page.locale)
        #expect(rendered.direction == page.direction)
        #expect(Set(rendered.products.filter { !$0.purchasable }.map(\.id)) == page.unpriced)

        let folder = Fixtures.repositoryRoot().appendingPathComponent(".build/paywall-preview")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let html = folder.appendingPathComponent("\(page.name).html")
        try PaywallHTMLFormat().render(rendered).write(to: html, atomically: true, encoding: .utf8)

        let screenshot = folder.appendingPathComponent("\(page.name).png")
        try? FileManager.default.removeItem(at: screenshot)
        // One browser both prints the DOM and takes the screenshot: startup is most of its time.
        let dom = try await Chromium.run(
            ["--dump-dom", "--screenshot=\(screenshot.path)",
             "--window-size=\(Self.window.width),\(Self.window.height)", "--hide-scrollbars"],
            url: html)
        try Self.checkDOM(dom, of: rendered, page: page, sources: sources)
        let png = try #require(FileManager.default.contents(atPath: screenshot.path),
                               "no screenshot at \(screenshot.path)")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "\(screenshot.path) is not a PNG")
        let size = try #require(DOMSerialization.pngSize(png), "\(screenshot.path) has no IHDR chunk")
        #expect(size.width == Self.window.width && size.height == Self.window.height,
                "\(screenshot.path) is \(size.width)×\(size.height), not the window's size")
    }

    /// Checks that the browser's DOM holds every line of `rendered`, in its element, as Chromium serializes it.
    private static func checkDOM(_ dom: String, of rendered: RenderedPaywall, page: Page, sources: AppSources) throws {
        #expect(dom.hasPrefix("<!DOCTYPE html>"), "Chromium returned no document: \(dom.prefix(200))")
        #expect(dom.contains("<html lang=\"\(DOMSerialization.attribute(page.locale))\" dir=\"\(page.direction)\">"))
        let title = try #require(rendered.title, "\(page.name) has no title")
        #expect(!title.isEmpty)
        #expect(dom.contains("<title>\(DOMSerialization.text(title))</title>"))
        #expect(dom.contains("<h1>\(DOMSerialization.text(title))</h1>"))
        if let subtitle = rendered.subtitle {
            #expect(dom.contains("<p class=\"subtitle\">\(DOMSerialization.text(subtitle))</p>"))
        }

        try #require(!rendered.products.isEmpty, "\(page.name) shows no products")
        #expect(DOMSerialization.occurrences(of: "<li class=\"product", in: dom) == rendered.products.count)
        let highlight = try #require(
            sources.policy.paywalls.first { $0.id.value == rendered.paywall }?.highlight?.value,
            "\(page.name) highlights no product")
        #expect(rendered.products.filter(\.highlighted).map(\.id) == [highlight])
        #expect(DOMSerialization.occurrences(of: "aria-current=\"true\"", in: dom) == 1, "exactly one product is highlighted")
        let unavailable = sources.templates(for: rendered.locale)?.paywall(rendered.paywall)?
            .entry("price_unavailable")?.message.text.value
        for product in rendered.products {
            let element = try #require(DOMSerialization.productItem(product.id, in: dom), "no <li> for \(product.id) in the DOM")
            let startTag = element.prefix { $0 != ">" }
            #expect(startTag.contains("aria-current=\"true\"") == product.highlighted, "aria-current of \(product.id)")
            #expect(!product.title.isEmpty && element.contains(">\(DOMSerialization.text(product.title))</h2>"),
                    "title of \(product.id)")
            #expect(!product.price.isEmpty && element.contains("<p class=\"price\">\(DOMSerialization.text(product.price))</p>"),
                    "price line of \(product.id)")
            for (role, line) in [("badge", product.badge), ("trial", product.trial), ("intro", product.intro)] {
                if let line {
                    #expect(element.contains("<p class=\"\(role)\">\(DOMSerialization.text(line))</p>"), "\(role) of \(product.id)")
                }
            }
            if product.purchasable {
                #expect(element.contains("class=\"buy\"") && element.contains(">\(DOMSerialization.text(product.price))</button>"),
                        "buy button of \(product.id)")
            } else {
                #expect(!element.contains("<button"), "\(product.id) has no price but a buy button")
                #expect(product.price == unavailable, "\(product.id) shows the price_unavailable line")
            }
        }
        for disclosure in rendered.disclosure {
            #expect(dom.contains("<p class=\"disclosure\">\(DOMSerialization.text(disclosure))</p>"))
        }

        #expect(!rendered.restore.isEmpty)
        #expect(dom.contains("<button type=\"button\" class=\"restore\">\(DOMSerialization.text(rendered.restore))</button>"))
        for (role, link) in [("terms", rendered.terms), ("privacy", rendered.privacy)] {
            let url = try #require(link.url, "\(page.name) has no \(role) address")
            #expect(!link.text.isEmpty && !url.isEmpty)
            #expect(dom.contains("<a class=\"\(role)\" href=\"\(DOMSerialization.attribute(url))\">\(DOMSerialization.text(link.text))</a>"),
                    "\(role) link")
        }
    }

    /// Loads `Policies/<app>.yaml` and the templates in `Templates/<app>/`, failing on any error.
    private static func sources(app: String) throws -> AppSources {
        let directory = "Templates/\(app)"
        let names = try FileManager.default
            .contentsOfDirectory(atPath: Fixtures.repositoryRoot().appendingPathComponent(directory).path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        var templates: [TemplateSet] = []
        for name in names {
            let file = "\(directory)/\(name)"
            let loaded = TemplateLoader.load(try bytes(file), file: file)
            #expect(!loaded.hasErrors, "\(file): \(loaded.diagnostics)")
            templates.append(try #require(loaded.value, "\(file) did not load"))
        }
        return AppSources(policy: try policy(app: app), templates: templates, unreadableLocales: [],
                          templateDirectory: directory)
    }

    private static func policy(app: String) throws -> Policy {
        let file = "Policies/\(app).yaml"
        let loaded = PolicyLoader.load(try bytes(file), file: file)
        #expect(!loaded.hasErrors, "\(file): \(loaded.diagnostics)")
        return try #require(loaded.value, "\(file) did not load")
    }

    private static func prices(app: String, _ storefront: String) throws -> PriceSheet {
        let file = "Prices/\(app)/\(storefront).yaml"
        let loaded = PriceSheetLoader.load(try bytes(file), file: file,
                                           currencyDigits: CLDRCurrencies.fractionDigits(of:))
        #expect(!loaded.hasErrors, "\(file): \(loaded.diagnostics)")
        return try #require(loaded.value, "\(file) did not load")
    }

    private static func bytes(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Fixtures.repositoryRoot().appendingPathComponent(file)))
    }
}

extension BrowserPreviewTests {
    /// Debian's headless Chromium, one short-lived browser per call with its own profile folder.
    enum Chromium {
        static let path = "/usr/bin/chromium"
        static let timeout = Duration.seconds(60)

        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        /// Runs Chromium headless on `url` with `arguments` and returns its standard output.
        ///
        /// Standard error is only noise (dbus, GPU) unless Chromium fails, so it is read only then.
        static func run(_ arguments: [String], url: URL) async throws -> String {
            let profile = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-chromium-\(UUID())")
            defer { try? FileManager.default.removeItem(at: profile) }
            let result = try await ChildProcess.run(
                path, ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                       "--user-data-dir=\(profile.path)"] + arguments + [url.absoluteString], timeout: timeout)
            guard result.succeeded else {
                let outcome = result.timedOut ? "was killed after \(timeout)" : "exited with status \(result.status)"
                throw Failure(description: "chromium \(arguments.joined(separator: " ")) \(url.path) \(outcome); "
                              + "stderr:\n\(result.stderr.suffix(4000))")
            }
            return result.stdout
        }
    }
}
