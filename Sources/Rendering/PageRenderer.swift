import Foundation
import MessageFormat
import PolicyModel

/// One render of one paywall: looks up messages with fallback, builds each product's variables,
/// formats every line and collects warnings.
struct PageRenderer {
    let policy: Policy
    let resolution: LocaleResolution
    let paywall: String
    let formats: LocaleFormats
    let prices: PriceSheet
    private let messages: MessageRenderer
    private let pricing: [String: ProductPricing]
    private var warnings: [String]

    init(policy: Policy, resolution: LocaleResolution, paywall: String, formats: LocaleFormats, prices: PriceSheet) {
        self.policy = policy
        self.resolution = resolution
        self.paywall = paywall
        self.formats = formats
        self.prices = prices
        messages = MessageRenderer(formats: formats)
        pricing = Dictionary(policy.products.map { ($0.id.value, ProductPricing(product: $0, prices: prices)) }) {
            first, _ in first
        }
        warnings = resolution.warnings
    }

    mutating func render(_ paywall: Paywall) -> RenderedPaywall {
        let products = paywall.products.compactMap { policy.product($0.value) }
        let highlight = paywall.highlight?.value ?? products.first?.id.value
        let values = Dictionary(products.map { ($0.id.value, variables(of: $0)) }) { first, _ in first }
        let headline = highlight.flatMap { values[$0] } ?? [:]
        let rows = products.map { product in
            row(product, values: values[product.id.value] ?? [:], highlighted: product.id.value == highlight)
        }
        let disclosure = products.filter { $0.type.value == .autoRenewable && pricing[$0.id.value]?.price != nil }
            .compactMap { line("disclosure", values: values[$0.id.value] ?? [:], for: $0.id.value) }
        let title = line("title", values: headline, for: nil)
        let subtitle = line("subtitle", values: headline, for: nil)
        let restore = line("restore", values: [:], for: nil) ?? ""
        let terms = LegalLink(text: line("terms", values: [:], for: nil) ?? "", url: policy.app.legal.termsURL?.value)
        let privacy = LegalLink(text: line("privacy", values: [:], for: nil) ?? "",
                                url: policy.app.legal.privacyURL?.value)
        return RenderedPaywall(
            app: policy.app.id.value, paywall: self.paywall, requestedLocale: resolution.requested,
            locale: resolution.templates.locale.value, direction: formats.isRightToLeft ? "rtl" : "ltr",
            storefront: prices.storefront?.value, currency: prices.currency.value, warnings: warnings,
            title: title, subtitle: subtitle, products: rows, disclosure: disclosure, restore: restore,
            terms: terms, privacy: privacy)
    }

    // MARK: Product rows

    private mutating func row(_ product: Product, values: [String: MessageValue], highlighted: Bool) -> RenderedProduct {
        let id = product.id.value
        let type = product.type.value.rawValue
        let title = values["product_title"]?.text ?? id
        guard let billed = values["price"] else {
            return RenderedProduct(
                id: id, type: type, title: title, price: line("price_unavailable", values: values, for: id) ?? "",
                trial: nil, intro: nil, badge: nil, purchasable: false, highlighted: highlighted)
        }
        var price = line("price", section: type, values: values, for: id) ?? billed.text
        if !price.contains(billed.text) {
            warnings.append("the price line of '\(id)' does not show the billed price \(billed.text); showing it alone")
            price = billed.text
        }
        let offer = eligibleOffer(of: product)
        return RenderedProduct(
            id: id, type: type, title: title, price: price,
            trial: offer == .freeTrial ? line("trial", section: type, values: values, for: id) : nil,
            intro: offer.map { $0 != .freeTrial } == true ? line("intro", section: type, values: values, for: id) : nil,
            badge: values["savings_percent"] == nil ? nil : line("badge", section: type, values: values, for: id),
            purchasable: true, highlighted: highlighted)
    }

    /// The product's intro offer type when the store says its group is eligible; never a guess.
    private func eligibleOffer(of product: Product) -> IntroOfferType? {
        guard let offer = product.introOffer?.type.value, let group = product.group?.value,
              prices.introEligible[group] == true else { return nil }
        return offer
    }

    // MARK: Variables

    /// The SPEC section 3 variables of `product`; those that need a missing price are absent.
    private func variables(of product: Product) -> [String: MessageValue] {
        var values: [String: MessageValue] = [:]
        let id = product.id.value
        values["product_title"] = MessageValue(
            text: title(in: \.products, id) ?? product.referenceName?.value ?? id)
        values["currency"] = MessageValue(text: formats.currency)
        let tiers = product.grants.map { grant in
            title(in: \.tiers, grant.value) ?? policy.tier(grant.value)?.title?.value ?? grant.value
        }
        values["tier_title"] = MessageValue(text: formats.list(tiers))
        let free = policy.closure(of: [String]())
        let unlocked = policy.closure(of: product.grants.map(\.value)).subtracting(free)
        values["unlocked_features"] = MessageValue(text: formats.list(policy.features.filter {
            unlocked.contains($0.tier.value)
        }.map { title(in: \.features, $0.id.value) ?? $0.title?.value ?? $0.id.value }))

        let pricing = self.pricing[id] ?? ProductPricing(product: product, prices: prices)
        if let period = pricing.period {
            values["period"] = MessageValue(text: formats.periodName(period), key: period.description)
            let count = Decimal(PeriodUnit.parts(of: period).first?.1 ?? 0)
            values["period_count"] = MessageValue(text: formats.number(count), number: count)
        }
        if let price = pricing.price {
            setPrice(price, over: pricing.period, in: &values)
        }
        if let savings = pricing.savingsPercent(among: Array(self.pricing.values)) {
            values["savings_percent"] = MessageValue(text: formats.percent(savings), number: Decimal(savings))
        }
        if let offer = product.introOffer {
            offerVariables(offer, of: product, into: &values)
        }
        return values
    }

    /// `trial_period` (the whole offer's length) and, for paid offers, `intro_price`.
    ///
    /// A pay-as-you-go offer is billed each period, so its `intro_price` is written the way the
    /// paywall's price line writes a price per period ("$6.99 / month"), not as a bare amount.
    private func offerVariables(_ offer: IntroOffer, of product: Product, into values: inout [String: MessageValue]) {
        guard let period = offer.period.flatMap({ ISOPeriod($0.value) }) else { return }
        let count = offer.type.value == .payAsYouGo ? max(1, offer.periods?.value ?? 1) : 1
        let whole = ISOPeriod(years: period.years * count, months: period.months * count,
                              weeks: period.weeks * count, days: period.days * count)
        values["trial_period"] = MessageValue(text: formats.duration(whole), key: whole.description)
        guard offer.type.value != .freeTrial, let amount = prices.introPrices[product.id.value]?.value else { return }
        let price = MessageValue(text: formats.price(amount), number: amount)
        guard offer.type.value == .payAsYouGo else {
            values["intro_price"] = price
            return
        }
        var perPeriod = values
        setPrice(amount, over: period, in: &perPeriod)
        perPeriod["period"] = MessageValue(text: formats.periodName(period), key: period.description)
        let text = message("price", section: product.type.value.rawValue, for: product.id.value)
            .flatMap { messages.render($0, perPeriod) } ?? price.text
        values["intro_price"] = MessageValue(text: text, number: amount)
    }

    /// Sets `price`, `price_per_month` and `price_per_week` for `amount` billed every `period`, derived
    /// prices rounded half up to the currency's digits.
    private func setPrice(_ amount: Decimal, over period: ISOPeriod?, in values: inout [String: MessageValue]) {
        values["price"] = MessageValue(text: formats.price(amount), number: amount)
        for (name, derived) in [("price_per_month", ProductPricing.perMonth(amount, over: period)),
                                ("price_per_week", ProductPricing.perWeek(amount, over: period))] {
            values[name] = derived.map(formats.rounded).map { MessageValue(text: formats.price($0), number: $0) }
        }
    }

    /// A title from the templates (`tiers`, `features` or `products`), else from the default locale's.
    private func title(in list: KeyPath<TemplateSet, [TemplateEntry]>, _ id: String) -> String? {
        for set in [resolution.templates, resolution.defaults].compactMap({ $0 }) {
            if let entry = set[keyPath: list].first(where: { $0.key.value == id }), case .success = entry.message.pattern {
                return entry.message.text.value
            }
        }
        return nil
    }

    // MARK: Messages

    /// A message's pattern for `key` (in a product-type `section` when given), from the resolved
    /// templates, else the default locale's.
    private func message(_ key: String, section: String? = nil, for product: String?) -> MessagePattern? {
        for set in [resolution.templates, resolution.defaults].compactMap({ $0 }) {
            guard let template = set.paywall(paywall) else { continue }
            let entry = section.map { template.section($0)?.entry(key) } ?? template.entry(key)
            if let entry, case .success(let pattern) = entry.message.pattern { return pattern }
        }
        return nil
    }

    /// Renders the line `key`, warning when it is missing or a variable it needs has no value.
    private mutating func line(_ key: String, section: String? = nil, values: [String: MessageValue],
                               for product: String?) -> String? {
        let place = [section, key].compactMap { $0 }.joined(separator: ".") + (product.map { " of '\($0)'" } ?? "")
        guard let pattern = message(key, section: section, for: product) else {
            warnings.append("paywall '\(paywall)' has no '\(place)' message in '\(resolution.templates.locale.value)'")
            return nil
        }
        guard let text = messages.render(pattern, values) else {
            warnings.append("'\(place)' is left out: it uses a value the store did not provide")
            return nil
        }
        return text
    }
}
