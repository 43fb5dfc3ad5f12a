import Foundation
import PolicyModel
import TollgateEvaluation

/// One render of one paywall: formats every line from the products' variables and collects warnings.
struct PageRenderer {
    let context: RenderContext
    private var warnings: [String]

    init(context: RenderContext) {
        self.context = context
        warnings = context.resolution.warnings
    }

    mutating func render(_ paywall: Paywall) -> RenderedPaywall {
        let policy = context.policy
        let products = paywall.products.compactMap { context.facts[$0.value] }
        let highlight = paywall.highlight?.value ?? products.first?.product.id.value
        let variables = products.map { ProductVariables($0, context: context) }
        let headline = zip(products, variables).first { $0.0.product.id.value == highlight }?.1
        let rows = zip(products, variables).map { facts, values in
            row(facts.product, values: values, highlighted: facts.product.id.value == highlight)
        }
        let disclosure = zip(products, variables).compactMap { facts, values -> String? in
            guard facts.product.type.value == .autoRenewable, context.price(of: facts.product.id.value) != nil else {
                return nil
            }
            return line("disclosure", values: values.value, for: facts.product.id.value)
        }
        let none: (String) -> MessageValue? = { _ in nil }
        let title = line("title", values: headline?.value ?? none, for: nil)
        let subtitle = line("subtitle", values: headline?.value ?? none, for: nil)
        let restore = line("restore", values: none, for: nil) ?? ""
        let terms = LegalLink(text: line("terms", values: none, for: nil) ?? "", url: policy.app.legal.termsURL?.value)
        let privacy = LegalLink(text: line("privacy", values: none, for: nil) ?? "",
                                url: policy.app.legal.privacyURL?.value)
        return RenderedPaywall(
            app: policy.app.id.value, paywall: context.paywall, requestedLocale: context.resolution.requested,
            locale: context.resolution.templates.locale.value,
            direction: context.formats.isRightToLeft ? "rtl" : "ltr", storefront: context.prices.storefront?.value,
            currency: context.prices.currency.value, warnings: warnings, title: title, subtitle: subtitle,
            products: rows, disclosure: disclosure, restore: restore, terms: terms, privacy: privacy)
    }

    private mutating func row(_ product: Product, values: ProductVariables, highlighted: Bool) -> RenderedProduct {
        let id = product.id.value
        let type = product.type.value.rawValue
        let title = values.value("product_title")?.text ?? id
        guard let billed = values.value("price") else {
            return RenderedProduct(
                id: id, type: type, title: title, price: line("price_unavailable", values: values.value, for: id) ?? "",
                trial: nil, intro: nil, badge: nil, purchasable: false, highlighted: highlighted)
        }
        var price = line("price", section: type, values: values.value, for: id) ?? billed.text
        if !price.containsBytes(of: billed.text) {
            warnings.append("the price line of '\(id)' does not show the billed price \(billed.text); showing it alone")
            price = billed.text
        }
        let offer = eligibleOffer(of: product)
        return RenderedProduct(
            id: id, type: type, title: title, price: price,
            trial: offer == .freeTrial ? line("trial", section: type, values: values.value, for: id) : nil,
            intro: offer.map { $0 != .freeTrial } == true
                ? line("intro", section: type, values: values.value, for: id) : nil,
            badge: values.value("savings_percent") == nil
                ? nil : line("badge", section: type, values: values.value, for: id),
            purchasable: true, highlighted: highlighted)
    }

    /// The product's intro offer type when the store says its group is eligible; never a guess.
    private func eligibleOffer(of product: Product) -> IntroOfferType? {
        guard let offer = product.introOffer?.type.value, let group = product.group?.value,
              context.prices.introEligible[group] == true else { return nil }
        return offer
    }

    /// Renders the line `key`, warning when it is missing or a variable it needs has no value.
    private mutating func line(_ key: String, section: String? = nil, values: (String) -> MessageValue?,
                               for product: String?) -> String? {
        var place: String { [section, key].compactMap { $0 }.joined(separator: ".") + (product.map { " of '\($0)'" } ?? "") }
        guard let pattern = context.message(key, section: section) else {
            warnings.append("paywall '\(context.paywall)' has no '\(place)' message in "
                            + "'\(context.resolution.templates.locale.value)'")
            return nil
        }
        guard let text = context.messages.render(pattern, values) else {
            warnings.append("'\(place)' is left out: it uses a value the store did not provide")
            return nil
        }
        return text
    }
}

extension String {
    /// Whether `other`'s UTF-8 bytes occur in this string's, which for the whole billed price is the
    /// same as containing it, without the cost of a Unicode-aware search.
    fileprivate func containsBytes(of other: String) -> Bool {
        var text = self
        var needle = other
        return text.withUTF8 { haystack in
            needle.withUTF8 { bytes in
                guard let first = bytes.first else { return true }
                guard haystack.count >= bytes.count else { return false }
                return (0...(haystack.count - bytes.count)).contains { start in
                    haystack[start] == first && haystack[start..<(start + bytes.count)].elementsEqual(bytes)
                }
            }
        }
    }
}
