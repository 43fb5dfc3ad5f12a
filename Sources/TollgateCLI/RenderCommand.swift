import Diagnostics
import Foundation
import PolicyLoader
import PolicyModel
import Rendering

/// `tollgate render`: a paywall as a user sees it, in a locale, with the store's prices.
enum RenderCommand {
    static let command = Tollgate.Command(
        name: "render",
        summary: "render a localized paywall from the policy, its templates and store prices",
        discussion: """
            Renders a paywall as a user in a locale sees it, with the store's prices.
            Warnings (locale fallbacks, lines left out) go to stderr; the json format
            carries them in "warnings". Without --prices the policy's reference prices are
            shown (USD when every product has one) and no trial is offered, since
            eligibility is unknown. A prices file (described in docs/templates.md of the
            Tollgate repository) is YAML or JSON:

              storefront: KOR
              currency: KRW
              prices: { com.example.app.premium.yearly: "29000" }
              intro_prices: { … }                  # paid intro offers
              intro_eligible: { premium: true }    # per subscription group
            """,
        options: [
            .value(.app, valueName: "app", help: "the app: its policy is Policies/<app>.yaml", required: true),
            .value(.paywall, valueName: "paywall", help: "the paywall to render",
                   default: .described("the policy's first paywall")),
            .value(.locale, valueName: "locale", help: """
                a BCP 47 tag such as ko-KR; falls back to ko, then to the app's default locale, and says so
                """, default: .described("the app's default locale")),
            .value(.prices, valueName: "file", help: "the store's prices, YAML or JSON"),
            .format(PageFormat.text, help: "the page's format"),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let format: PageFormat = try arguments.format()
        let workspace = Workspace(context: context)
        let sources = try workspace.compiledApp(try arguments.required(.app)).sources
        let policy = sources.policy
        let paywalls = policy.paywalls.map(\.id.value)
        guard let paywall = arguments[.paywall] ?? paywalls.first else {
            throw .failure("app '\(policy.app.id.value)' has no paywalls", help: "declare one under 'paywalls:'")
        }
        guard paywalls.contains(paywall) else {
            throw .badArgument("app '\(policy.app.id.value)' has no paywall '\(paywall)'",
                           help: Suggestion.help(for: paywall, among: paywalls, listing: "the paywalls are"))
        }
        let prices = try priceSheet(arguments[.prices], policy: policy, workspace: workspace)
        var page: RenderedPaywall
        do {
            page = try PaywallRenderer(sources: sources).render(
                paywall: paywall, locale: arguments[.locale] ?? policy.app.defaultLocale.value, prices: prices.sheet)
        } catch {
            throw .badArgument(error.description, help: error.help)
        }
        page.warnings = prices.warnings + page.warnings
        let output = switch format {
        case .json: PaywallJSONFormat().render(page)
        case .markdown: PaywallMarkdownFormat().render(page)
        case .html: PaywallHTMLFormat().render(page)
        case .text: PaywallTextFormat().render(page)
        }
        let warnings = format == .json ? "" : page.warnings.map { "warning: \($0)\n" }.joined()
        return CommandResult(stdout: output, stderr: warnings)
    }

    /// The prices file's sheet, or the policy's reference prices; with warnings about either.
    private static func priceSheet(_ file: String?, policy: Policy, workspace: Workspace) throws(CommandError)
        -> (sheet: PriceSheet, warnings: [String])
    {
        guard let file else {
            guard let currency = policy.referenceCurrency else {
                throw .usage("the policy has no reference prices",
                             help: "give the store's prices with '--prices <file>'")
            }
            return (policy.referencePriceSheet(currency: currency),
                    ["no --prices given: showing the policy's reference prices in \(currency)"])
        }
        let loaded = PriceSheetLoader.load(try workspace.contents(of: file), file: file,
                                           currencyDigits: CLDRCurrencies.fractionDigits(of:))
        guard let sheet = loaded.value, !loaded.hasErrors else { throw .findings(loaded.diagnostics) }
        let unknown = sheet.prices.keys.filter { policy.product($0) == nil }.sorted()
        return (sheet, unknown.map { "\(file): price for '\($0)', which the policy does not sell" })
    }
}
