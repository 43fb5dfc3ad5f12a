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

    mutating func render() -> RenderedPaywall {
        let policy = context.policy
        let prepared = context.prepared
        let variables = prepared.products.map { ProductVariables($0, context: context) }
        let headline = prepared.headline.map { variables[$0] }
        var rows: [RenderedProduct] = []
        rows.reserveCapacity(variables.count)
        for (product, values) in zip(prepared.products, variables) {
            rows.append(row(product, values: values))
        }
        var disclosure: [String] = []
        for (product, values) in zip(prepared.products, variables)
        where product.isAutoRenewable && context.amounts[product.priceIndex] != nil {
            if let text = line(prepared.disclosure, "disclosure", values: values, for: product.id) {
                disclosure.append(text)
            }
        }
        let title = line(prepared.title, "title", values: headline, for: nil)
        let subtitle = line(prepared.subtitle, "subtitle", values: headline, for: nil)
        let restore = line(prepared.restore, "restore", values: nil, for: nil) ?? ""
        let terms = LegalLink(text: line(prepared.terms, "terms", values: nil, for: nil) ?? "",
                              url: policy.app.legal.termsURL?.value)
        let privacy = LegalLink(text: line(prepared.privacy, "privacy", values: nil, for: nil) ?? "",
                                url: policy.app.legal.privacyURL?.value)
        return RenderedPaywall(
            app: policy.app.id.value, paywall: prepared.paywall.id.value, requestedLocale: context.resolution.requested,
            locale: context.resolution.templates.locale.value,
            direction: context.formats.isRightToLeft ? "rtl" : "ltr", storefront: context.prices.storefront?.value,
            currency: context.prices.currency.value, warnings: warnings, title: title, subtitle: subtitle,
            products: rows, disclosure: disclosure, restore: restore, terms: terms, privacy: privacy)
    }

    private mutating func row(_ product: PreparedProduct, values: ProductVariables) -> RenderedProduct {
        let id = product.id
        let type = product.type
        let title = values.value(.productTitle)?.text ?? id
        guard let billed = values.value(.price) else {
            return RenderedProduct(
                id: id, type: type, title: title,
                price: line(context.prepared.priceUnavailable, "price_unavailable", values: values, for: id) ?? "",
                trial: nil, intro: nil, badge: nil, purchasable: false, highlighted: product.highlighted)
        }
        var price = line(product.price, "price", section: type, values: values, for: id) ?? billed.text
        if !price.containsBytes(of: billed.text) {
            warnings.append("the price line of '\(id)' does not show the billed price \(billed.text); showing it alone")
            price = billed.text
        }
        let offer = eligibleOffer(of: product)
        let trial = offer == .freeTrial ? line(product.trial, "trial", section: type, values: values, for: id) : nil
        let intro = offer.map { $0 != .freeTrial } == true
            ? line(product.intro, "intro", section: type, values: values, for: id) : nil
        let badge = values.value(.savingsPercent) == nil
            ? nil : line(product.badge, "badge", section: type, values: values, for: id)
        return RenderedProduct(id: id, type: type, title: title, price: price, trial: trial, intro: intro, badge: badge,
                               purchasable: true, highlighted: product.highlighted)
    }

    /// The product's intro offer type when the store says its group is eligible; never a guess.
    private func eligibleOffer(of product: PreparedProduct) -> IntroOfferType? {
        guard let offer = product.offer, let group = product.group, context.prices.introEligible[group] == true else {
            return nil
        }
        return offer
    }

    /// Renders `message`, the line `key`, warning when the templates lack it or a variable it needs has
    /// no value.
    private mutating func line(_ message: CompiledMessage?, _ key: String, section: String? = nil,
                               values: ProductVariables?, for product: String?) -> String? {
        var place: String { [section, key].compactMap { $0 }.joined(separator: ".") + (product.map { " of '\($0)'" } ?? "") }
        guard let message else {
            warnings.append("paywall '\(context.prepared.paywall.id.value)' has no '\(place)' message in "
                            + "'\(context.resolution.templates.locale.value)'")
            return nil
        }
        guard let text = context.messages.render(message, values) else {
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
                guard let first = bytes.first, let needleStart = bytes.baseAddress else { return true }
                guard haystack.count >= bytes.count, let start = haystack.baseAddress else { return false }
                for offset in 0..<(haystack.count - bytes.count + 1)
                where start[offset] == first && memcmp(start + offset, needleStart, bytes.count) == 0 {
                    return true
                }
                return false
            }
        }
    }
}
