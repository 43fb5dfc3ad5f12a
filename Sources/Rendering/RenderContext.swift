import Foundation
import MessageFormat
import PolicyModel

/// Everything one render reads: the policy and its product facts, the resolved templates, the locale's
/// formatters and the store's prices. A class, so the product rows share it instead of copying it.
final class RenderContext {
    let policy: Policy
    let facts: [String: ProductFacts]
    let resolution: LocaleResolution
    let paywall: String
    let formats: LocaleFormats
    let prices: PriceSheet
    let messages: MessageRenderer

    init(policy: Policy, facts: [String: ProductFacts], resolution: LocaleResolution, paywall: String,
         formats: LocaleFormats, prices: PriceSheet) {
        self.policy = policy
        self.facts = facts
        self.resolution = resolution
        self.paywall = paywall
        self.formats = formats
        self.prices = prices
        messages = MessageRenderer(formats: formats)
    }

    /// A title from the templates (`tiers`, `features` or `products`), else from the default locale's.
    func title(in list: KeyPath<TemplateSet, [TemplateEntry]>, _ id: String) -> String? {
        func find(_ set: TemplateSet) -> String? {
            guard let entry = set[keyPath: list].first(where: { $0.key.value == id }),
                  case .success = entry.message.pattern else { return nil }
            return entry.message.text.value
        }
        return find(resolution.templates) ?? resolution.defaults.flatMap(find)
    }

    /// A message's pattern for `key` (in a product-type `section` when given), from the resolved
    /// templates, else the default locale's.
    func message(_ key: String, section: String? = nil) -> MessagePattern? {
        func find(_ set: TemplateSet) -> MessagePattern? {
            guard let template = set.paywall(paywall) else { return nil }
            let entry = section.map { template.section($0)?.entry(key) } ?? template.entry(key)
            guard let entry, case .success(let pattern) = entry.message.pattern else { return nil }
            return pattern
        }
        return find(resolution.templates) ?? resolution.defaults.flatMap(find)
    }

    /// The price of a product as the store gave it.
    func price(of id: String) -> MinorAmount? { prices.prices[id].flatMap { formats.amount($0.value) } }

    /// The intro offer price of a product as the store gave it.
    func introPrice(of id: String) -> MinorAmount? { prices.introPrices[id].flatMap { formats.amount($0.value) } }
}
