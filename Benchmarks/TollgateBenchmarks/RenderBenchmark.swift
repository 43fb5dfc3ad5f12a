import Foundation
import PolicyLoader
import PolicyModel
import Rendering
import Project
import TollgateCLI
import Diagnostics

/// Times full paywall renders, one locale at a time, with each locale's formatters already open.
///
/// The app's default-locale template set is copied once per locale with only its `locale` changed, so every
/// locale renders the same words while numbers, prices, units, plurals and lists follow the locale.
/// `run` prints per locale `locale=… render_us=… renders=… lines=…` (the mean of the fastest of twenty
/// batches of `seconds / 20`) and, with `planFile`, writes the JSON `RenderPlan`s the PyICU side formats;
/// `noParseCheck` shows that rendering never parses; `count` only renders, for counting calls under valgrind.
struct RenderBenchmark {
    static let defaultLocales = "en,de,fr,es,it,pt-BR,nl,sv,da,nb,fi,pl,cs,ru,uk,tr,ar,he,hi,th,ja,ko,zh-Hans,zh-Hant,"
        + "id,vi,ms,el,hu,ro"

    /// The app with one template set per locale.
    var sources: AppSources
    /// The default-locale set the copies were made from.
    var base: TemplateSet
    var paywall: Paywall
    var prices: PriceSheet
    var locales: [String]
    var seconds: Double
    var planFile: String?

    /// `render [--dir PROJECT] [--app APP] [--paywall P] [--prices FILE] [--locales L,…] [--seconds S] [--plan FILE]`.
    init(arguments: [String]) throws(BenchmarkFailure) {
        var options: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            guard arguments[index].hasPrefix("--"), index + 1 < arguments.count else {
                throw BenchmarkFailure("expected '--option value' at '\(arguments[index])'")
            }
            options[arguments[index]] = arguments[index + 1]
            index += 2
        }
        let directory = options["--dir"] ?? "."
        let root = directory.hasPrefix("/") ? directory
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(directory)
        let app = options["--app"] ?? "lingualeap"
        let workspace = Workspace(context: CommandContext(currentDirectory: root))
        guard let loaded = try? workspace.load("Policies/\(app).yaml"), var sources = loaded.sources,
              !loaded.diagnostics.contains(where: { $0.severity == .error }) else {
            throw BenchmarkFailure("Policies/\(app).yaml or its templates do not load without errors")
        }
        let pricesFile = options["--prices"] ?? "Prices/\(app)/USA.yaml"
        guard let data = FileManager.default.contents(atPath: workspace.absolute(pricesFile)),
              let prices = PriceSheetLoader.load([UInt8](data), file: pricesFile,
                                                 currencyDigits: CLDRCurrencies.fractionDigits(of:)).value else {
            throw BenchmarkFailure("cannot load the prices \(pricesFile)")
        }
        let id = options["--paywall"] ?? "main"
        guard let paywall = sources.policy.paywalls.first(where: { $0.id.value == id }) else {
            throw BenchmarkFailure("app '\(app)' has no paywall '\(id)'")
        }
        guard let base = sources.templates(for: sources.policy.app.defaultLocale.value) else {
            throw BenchmarkFailure("no templates for the default locale of '\(app)'")
        }
        guard let seconds = Double(options["--seconds"] ?? "0.5"), seconds > 0 else {
            throw BenchmarkFailure("--seconds takes a positive number")
        }
        let locales = (options["--locales"] ?? Self.defaultLocales).split(separator: ",").map(String.init)
        sources.templates = locales.map { tag in
            var copy = base
            copy.locale = Located(tag, at: base.locale.span)
            return copy
        }
        self.init(sources: sources, base: base, paywall: paywall, prices: prices, locales: locales,
                  seconds: seconds, planFile: options["--plan"])
    }

    init(sources: AppSources, base: TemplateSet, paywall: Paywall, prices: PriceSheet, locales: [String],
         seconds: Double, planFile: String?) {
        self.sources = sources
        self.base = base
        self.paywall = paywall
        self.prices = prices
        self.locales = locales
        self.seconds = seconds
        self.planFile = planFile
    }

    func run() throws(BenchmarkFailure) -> [String] {
        let renderer = PaywallRenderer(sources: sources)
        var lines: [String] = []
        var plans: [RenderPlan] = []
        for locale in locales {
            let (resolution, formats) = try open(renderer, locale)
            let page = try render(renderer, resolution, formats)
            let time = measure([{ _ = try? render(renderer, resolution, formats) }])[0]
            lines.append(String(format: "locale=%@ render_us=%.2f renders=%d lines=%d", locale, time.microseconds,
                                time.calls, RenderPlan.lines(of: page).count))
            if planFile != nil {
                plans.append(try RenderPlan(policy: sources.policy, paywall: paywall, templates: resolution.templates,
                                            prices: prices, formats: formats, page: page))
            }
        }
        if let planFile {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            guard let data = try? encoder.encode(plans), FileManager.default.createFile(atPath: planFile, contents: data)
            else { throw BenchmarkFailure("cannot write \(planFile)") }
        }
        return lines
    }

    /// Renders each locale once, then `renders` times more, untimed: run under valgrind with two counts,
    /// the difference gives what one render costs once the first render has warmed the caches.
    func count(renders: Int) throws(BenchmarkFailure) -> String {
        let renderer = PaywallRenderer(sources: sources)
        for locale in locales {
            let (resolution, formats) = try open(renderer, locale)
            for _ in 0...renders { _ = try render(renderer, resolution, formats) }
        }
        return "locales=\(locales.count) renders=\(renders)"
    }

    /// Shows that rendering never parses templates: the default locale is rendered from its templates
    /// written back as YAML, and from the same templates with a 20 KB unused `select` case in every
    /// message that has a variable. Loading (which parses) grows with the text; rendering must not.
    ///
    /// Prints `check=no-parse render_us=… padded_render_us=… template_bytes=… padded_template_bytes=…
    /// load_us=… padded_load_us=… same_output=yes|no`; the two renders are timed in alternating batches.
    func noParseCheck() throws(BenchmarkFailure) -> String {
        var fields: [(String, String)] = [("check", "no-parse")]
        var renders: [() -> Void] = []
        var pages: [RenderedPaywall] = []
        for (name, padding) in [("", 0), ("padded_", 20_000)] {
            let bytes = Array(base.yaml(padding: padding).utf8)
            let file = "\(base.locale.value).yaml"
            let loaded = TemplateLoader.load(bytes, file: file)
            guard let set = loaded.value, !loaded.hasErrors else {
                throw BenchmarkFailure("the \(name)templates written back as YAML do not load")
            }
            let load = measure([{ _ = TemplateLoader.load(bytes, file: file) }])[0]
            var app = sources
            app.templates = [set]
            let renderer = PaywallRenderer(sources: app)
            let (resolution, formats) = try open(renderer, base.locale.value)
            pages.append(try render(renderer, resolution, formats))
            renders.append { _ = try? render(renderer, resolution, formats) }
            fields += [("\(name)template_bytes", "\(bytes.count)"),
                       ("\(name)load_us", String(format: "%.2f", load.microseconds))]
        }
        let times = measure(renders)
        fields += [("render_us", String(format: "%.2f", times[0].microseconds)),
                   ("padded_render_us", String(format: "%.2f", times[1].microseconds)),
                   ("same_output", pages[0] == pages[1] ? "yes" : "no")]
        return fields.map { "\($0)=\($1)" }.joined(separator: " ")
    }

    /// The templates and the open formatters of `locale`, as a service keeps them between requests.
    private func open(_ renderer: PaywallRenderer, _ locale: String) throws(BenchmarkFailure)
        -> (LocaleResolution, LocaleFormats) {
        let resolution: LocaleResolution
        do {
            resolution = try renderer.resolve(paywall: paywall.id.value, locale: locale)
        } catch {
            throw BenchmarkFailure("cannot resolve '\(locale)': \(error.description)")
        }
        do {
            return (resolution, try LocaleFormats(locale: resolution.formatLocale, currency: prices.currency.value))
        } catch {
            throw BenchmarkFailure("cannot open the formatters of '\(locale)': \(error.description)")
        }
    }

    /// One full render: the path measured.
    private func render(_ renderer: PaywallRenderer, _ resolution: LocaleResolution, _ formats: LocaleFormats)
        throws(BenchmarkFailure) -> RenderedPaywall {
        do {
            return try renderer.render(paywall: paywall.id.value, resolution: resolution, formats: formats,
                                       prices: prices)
        } catch {
            throw BenchmarkFailure("cannot render '\(paywall.id.value)': \(error.description)")
        }
    }

    /// Batches per measurement, as on the PyICU side: on a shared machine the fastest of many short
    /// batches is the one least slowed by other work.
    static let batches = 20

    /// For each body, the mean time of one call in its fastest of `batches` batches of `seconds / batches`, in
    /// microseconds, and its number of calls in all batches. The bodies' batches alternate, so that a
    /// busy machine slows them alike; the clock is read after every call, well under 1% of a render.
    /// Bodies have run once untimed and succeeded; here their results are dropped.
    private func measure(_ bodies: [() -> Void]) -> [(microseconds: Double, calls: Int)] {
        let clock = ContinuousClock()
        let batch = Duration.seconds(seconds / Double(Self.batches))
        var results = bodies.map { _ in (microseconds: Double.infinity, calls: 0) }
        for _ in 0..<Self.batches {
            for (index, body) in bodies.enumerated() {
                let start = clock.now
                var count = 0
                var elapsed = Duration.zero
                while elapsed < batch {
                    body()
                    count += 1
                    elapsed = clock.now - start
                }
                let (whole, attoseconds) = elapsed.components
                let mean = (Double(whole) * 1e6 + Double(attoseconds) / 1e12) / Double(count)
                results[index] = (min(results[index].microseconds, mean), results[index].calls + count)
            }
        }
        return results
    }
}
