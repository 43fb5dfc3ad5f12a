import Diagnostics
import Foundation
package import PolicyModel

/// Renders a policy's paywalls: the policy's products and legal links, the templates' words and the
/// store's prices, in the user's locale.
///
/// A pure function of its inputs: templates were parsed when they loaded, formatters are opened by the
/// caller (`LocaleFormats`), and nothing here reads files, the clock or the environment.
package struct PaywallRenderer: Sendable {
    package let sources: AppSources
    /// The paywalls prepared so far, each with the policy's product facts and one template file.
    private let prepared: PreparedPaywalls

    /// Prepares the policy's products (periods, plan peers, unlocked features) once, for every render;
    /// each paywall's lines are prepared on its first render in a template file.
    package init(sources: AppSources) {
        self.sources = sources
        prepared = PreparedPaywalls(sources: sources, facts: ProductFacts.catalog(of: sources.policy))
    }

    /// Renders `paywall` for `locale`, opening the locale's formatters for this one render.
    package func render(paywall: String, locale: String, prices: PriceSheet) throws(RenderError) -> RenderedPaywall {
        let resolution = try resolve(paywall: paywall, locale: locale)
        let formats: LocaleFormats
        do {
            formats = try LocaleFormats(locale: resolution.formatLocale, currency: prices.currency.value)
        } catch {
            throw RenderError(error.description)
        }
        return try render(paywall: paywall, resolution: resolution, formats: formats, prices: prices)
    }

    /// The templates `locale` falls back to for `paywall`.
    package func resolve(paywall: String, locale: String) throws(RenderError) -> LocaleResolution {
        _ = try self.paywall(paywall)
        guard ICULocale.identifier(forTag: locale.replacingOccurrences(of: "_", with: "-")) != nil else {
            throw RenderError("'\(locale)' is not a BCP 47 language tag", help: "write a tag such as ko, ko-KR or zh-Hant-TW")
        }
        guard let resolution = LocaleResolution(requested: locale, paywall: paywall, sources: sources) else {
            throw RenderError(
                "no templates for paywall '\(paywall)' in '\(locale)' or the default locale "
                    + "'\(sources.policy.app.defaultLocale.value)'",
                help: "add 'paywalls: { \(paywall): … }' to \(sources.templateDirectory)/"
                    + "\(sources.policy.app.defaultLocale.value).yaml")
        }
        return resolution
    }

    /// Renders `paywall` with templates already resolved and formatters already open.
    package func render(paywall id: String, resolution: LocaleResolution, formats: LocaleFormats,
                        prices: PriceSheet) throws(RenderError) -> RenderedPaywall {
        let paywall = try self.paywall(id)
        var page = PageRenderer(context: RenderContext(
            policy: sources.policy, resolution: resolution, prepared: prepared.paywall(paywall, for: resolution),
            formats: formats, prices: prices))
        return page.render()
    }

    private func paywall(_ id: String) throws(RenderError) -> Paywall {
        guard let paywall = sources.policy.paywalls.first(where: { $0.id.value == id }) else {
            throw RenderError("app '\(sources.policy.app.id.value)' has no paywall '\(id)'",
                              help: Suggestion.didYouMean(id, in: sources.policy.paywalls.map(\.id.value)))
        }
        return paywall
    }
}
