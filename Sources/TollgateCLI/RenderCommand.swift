import Foundation
import PolicyLoader
import PolicyModel
import Rendering

/// `tollgate render`: a paywall as a user sees it, in a locale, with the store's prices.
enum RenderCommand {
    static let command = Tollgate.Command(
        name: "render",
        summary: "render a localized paywall from the policy, its templates and store prices",
        usage: """
            usage: tollgate render --app APP [--paywall P] [--locale L] [--prices FILE]
                                   [--format text|json|markdown|html]

            --paywall P     the paywall to render (default: the policy's first paywall)
            --locale L      a BCP 47 tag such as ko-KR; falls back to ko, then the app's default
                            locale, and says so (default: the app's default locale)
            --prices FILE   the store's prices (docs/templates.md, YAML or JSON):
                              storefront: KOR
                              currency: KRW
                              prices: { com.example.app.premium.yearly: "29000" }
                              intro_prices: { … }            # paid intro offers
                              intro_eligible: { premium: true }   # per subscription group
                            Without it, the policy's reference prices are shown (USD when every
                            product has one) and no trial is offered, since eligibility is unknown.

            Warnings (fallbacks, lines left out) go to stderr; json carries them in "warnings".

            """,
        run: run)

    static func run(_ arguments: [String], _ context: CommandContext) throws(CommandError) -> CommandResult {
        let arguments = try Arguments(arguments, options: ["--app", "--paywall", "--locale", "--prices", "--format"],
                                      flags: [])
        let format = try arguments.choice("--format", ["text", "json", "markdown", "html"], default: "text")
        let workspace = Workspace(context: context)
        let sources = try workspace.compiledApp(try arguments.required("--app")).sources
        let policy = sources.policy
        guard let paywall = arguments["--paywall"] ?? policy.paywalls.first?.id.value else {
            throw .usage("app '\(policy.app.id.value)' has no paywalls")
        }
        let prices = try priceSheet(arguments["--prices"], policy: policy, workspace: workspace)
        var page: RenderedPaywall
        do {
            page = try PaywallRenderer(sources: sources).render(
                paywall: paywall, locale: arguments["--locale"] ?? policy.app.defaultLocale.value, prices: prices.sheet)
        } catch {
            throw .usage(error.description + (error.help.map { "; \($0)" } ?? ""))
        }
        page.warnings = prices.warnings + page.warnings
        let output = switch format {
        case "json": PaywallJSONFormat().render(page)
        case "markdown": PaywallMarkdownFormat().render(page)
        case "html": PaywallHTMLFormat().render(page)
        default: PaywallTextFormat().render(page)
        }
        let warnings = format == "json" ? "" : page.warnings.map { "warning: \($0)\n" }.joined()
        return CommandResult(stdout: output, stderr: warnings)
    }

    /// The prices file's sheet, or the policy's reference prices; with warnings about either.
    private static func priceSheet(_ file: String?, policy: Policy, workspace: Workspace) throws(CommandError)
        -> (sheet: PriceSheet, warnings: [String])
    {
        guard let file else {
            guard let currency = policy.referenceCurrency else {
                throw .usage("the policy has no reference prices; give the store's prices with --prices FILE")
            }
            return (policy.referencePriceSheet(currency: currency),
                    ["no --prices given: showing the policy's reference prices in \(currency)"])
        }
        guard let data = FileManager.default.contents(atPath: workspace.absolute(file)) else {
            throw .failure("cannot read \(file)")
        }
        let loaded = PriceSheetLoader.load([UInt8](data), file: file,
                                           currencyDigits: CLDRCurrencies.fractionDigits(of:))
        guard let sheet = loaded.value, !loaded.hasErrors else { throw .findings(loaded.diagnostics) }
        let unknown = sheet.prices.keys.filter { policy.product($0) == nil }.sorted()
        return (sheet, unknown.map { "\(file): price for '\($0)', which the policy does not sell" })
    }
}
