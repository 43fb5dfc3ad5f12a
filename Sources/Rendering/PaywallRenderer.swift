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
    private let facts: [String: ProductFacts]
    /// Every paywall prepared with every template file that has it, as `resolve` chooses files.
    private let prepared: [PreparedPaywall.Key: PreparedPaywall]

    /// Prepares the policy's products (periods, plan peers, unlocked features) and each paywall's lines
    /// in each template file once, for every render.
    package init(sources: AppSources) {
        self.sources = sources
        let facts = ProductFacts.catalog(of: sources.policy)
        var prepared: [PreparedPaywall.Key: PreparedPaywall] = [:]
        let defaultLocale = sources.policy.app.defaultLocale.value.lowercased()
        for paywall in sources.policy.paywalls {
            let id = paywall.id.value
            let available = sources.templates.filter { $0.paywall(id) != nil }
            let defaults = available.first { $0.locale.value.lowercased() == defaultLocale }
            for templates in available {
                let key = PreparedPaywall.Key(paywall: id, templates: templates)
                guard prepared[key] == nil else { continue }
                prepared[key] = PreparedPaywall(paywall: paywall, policy: sources.policy, facts: facts,
                                                templates: templates, defaults: defaults)
            }
        }
        self.facts = facts
        self.prepared = prepared
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
        let found = prepared[PreparedPaywall.Key(paywall: id, templates: resolution.templates)]
        let preparedPaywall = found.flatMap { $0.matches(resolution) ? $0 : nil } ?? PreparedPaywall(
            paywall: paywall, policy: sources.policy, facts: facts, templates: resolution.templates,
            defaults: resolution.defaults)
        var page = PageRenderer(context: RenderContext(
            policy: sources.policy, resolution: resolution, prepared: preparedPaywall, formats: formats, prices: prices))
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
