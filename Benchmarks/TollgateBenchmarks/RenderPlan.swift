import Foundation
import PolicyModel
import Rendering
import TollgateEvaluation

/// What the PyICU side of `scripts/bench-render.sh` formats for one paywall in one locale: each product's
/// variables as raw values (amounts, periods, counts, title lists), each line's template text and the
/// product whose values it uses, and the lines the Swift renderer produced, which the PyICU side must equal.
///
/// Which lines appear and the savings percentages are decided here, the way `PageRenderer` decides them;
/// the comparison with `expected` catches any drift from the renderer.
struct RenderPlan: Encodable {
    /// The locale numbers are formatted in (`LocaleResolution.formatLocale`).
    var locale: String
    var currency: String
    /// Whether prices wrap their currency symbol in a left-to-right isolate (U+2066 … U+2069), as the
    /// renderer does in right-to-left locales.
    var rightToLeft: Bool
    /// Each paywall product's variables by name.
    var products: [[String: PlanValue]]
    var lines: [PlanLine]
    /// The Swift render's lines, in the order of `lines`.
    var expected: [String]
}

/// One rendered line: a template and the product whose variables fill it (none for `restore`, `terms`, …).
struct PlanLine: Encodable {
    var key: String
    var template: String
    var product: Int?
    /// The variables the template uses, sorted.
    var variables: [String]
}

/// A variable's raw value and how it is formatted.
struct PlanValue: Encodable {
    /// `text` (shown as is), `price` (`amount` in the currency), `percent` (`count` %), `number` (`count`),
    /// `period` (a price's unit: `unit` and `count`, the count left out where 1 has a singular form),
    /// `duration` (`count` `unit`s, always with the count), `list` (`items` joined), or `message`
    /// (`template` filled with `values`, such as a pay-as-you-go intro price "$6.99 / month").
    var kind: String
    var text: String?
    var amount: String?
    var unit: String?
    var count: Int?
    var items: [String]?
    var template: String?
    var values: [String: PlanValue]?

    static func text(_ text: String) -> PlanValue { PlanValue(kind: "text", text: text) }
}

extension RenderPlan {
    /// The plan of `paywall` rendered with `templates` as `page`; fails on what the PyICU side cannot
    /// format (periods of several units, variables it does not know).
    init(policy: Policy, paywall: Paywall, templates: TemplateSet, prices: PriceSheet, formats: LocaleFormats,
         page: RenderedPaywall) throws(BenchmarkFailure) {
        guard let template = templates.paywall(paywall.id.value) else {
            throw BenchmarkFailure("no templates for paywall '\(paywall.id.value)' in '\(templates.locale.value)'")
        }
        let products = paywall.products.compactMap { policy.product($0.value) }
        let highlight = products.firstIndex { $0.id.value == paywall.highlight?.value } ?? 0
        var values: [[String: PlanValue]] = []
        for product in products {
            values.append(try Self.variables(of: product, policy: policy, templates: templates,
                                             template: template, prices: prices, formats: formats))
        }
        var lines: [PlanLine] = []
        func add(_ key: String, section: String? = nil, product: Int?) throws(BenchmarkFailure) {
            let entry = section.map { template.section($0)?.entry(key) } ?? template.entry(key)
            guard let entry else { throw BenchmarkFailure("paywall template has no '\(key)'") }
            let variables = entry.message.variableNames.sorted()
            let known = product.map { Set(values[$0].keys) } ?? []
            guard variables.allSatisfy(known.contains) else {
                throw BenchmarkFailure("'\(key)' uses variables the PyICU side does not format: \(variables)")
            }
            lines.append(PlanLine(key: key, template: entry.message.text.value, product: product, variables: variables))
        }
        try add("title", product: highlight)
        try add("subtitle", product: highlight)
        for (index, product) in products.enumerated() {
            let type = product.type.value.rawValue
            guard values[index]["price"] != nil else {
                try add("price_unavailable", product: index)
                continue
            }
            try add("price", section: type, product: index)
            let offer = product.group.flatMap { prices.introEligible[$0.value] } == true
                ? product.introOffer?.type.value : nil
            if offer == .freeTrial { try add("trial", section: type, product: index) }
            if let offer, offer != .freeTrial { try add("intro", section: type, product: index) }
            if values[index]["savings_percent"] != nil { try add("badge", section: type, product: index) }
        }
        for (index, product) in products.enumerated()
        where product.type.value == .autoRenewable && values[index]["price"] != nil {
            try add("disclosure", product: index)
        }
        for key in ["restore", "terms", "privacy"] { try add(key, product: nil) }
        self.init(locale: formats.locale, currency: formats.currency, rightToLeft: formats.isRightToLeft,
                  products: values, lines: lines, expected: Self.lines(of: page))
    }

    /// The formatted lines of a rendered paywall, in reading order; product titles are looked up, not formatted.
    static func lines(of page: RenderedPaywall) -> [String] {
        [page.title, page.subtitle].compactMap { $0 }
            + page.products.flatMap { [$0.price, $0.trial, $0.intro, $0.badge].compactMap { $0 } }
            + page.disclosure + [page.restore, page.terms.text, page.privacy.text]
    }

    /// The variables `PageRenderer` gives `product`, as raw values; those that need a missing price are absent.
    private static func variables(of product: Product, policy: Policy, templates: TemplateSet,
                                  template: PaywallTemplate, prices: PriceSheet, formats: LocaleFormats)
        throws(BenchmarkFailure) -> [String: PlanValue] {
        func title(_ entries: [TemplateEntry], _ id: String) -> String? {
            entries.first { $0.key.value == id }?.message.text.value
        }
        let id = product.id.value
        var values: [String: PlanValue] = [
            "product_title": .text(title(templates.products, id) ?? product.referenceName?.value ?? id),
            "currency": .text(formats.currency),
        ]
        values["tier_title"] = PlanValue(kind: "list", items: product.grants.map {
            title(templates.tiers, $0.value) ?? policy.tier($0.value)?.title?.value ?? $0.value
        })
        let unlocked = policy.closure(of: product.grants.map(\.value)).subtracting(policy.closure(of: [String]()))
        values["unlocked_features"] = PlanValue(kind: "list", items: policy.features.filter {
            unlocked.contains($0.tier.value)
        }.map { title(templates.features, $0.id.value) ?? $0.title?.value ?? $0.id.value })
        let period = product.period.flatMap { ISOPeriod($0.value) }
        if let period {
            let (unit, count) = try Self.unit(of: period)
            values["period"] = PlanValue(kind: "period", unit: unit, count: count)
            values["period_count"] = PlanValue(kind: "number", count: count)
        }
        guard let billed = prices.prices[id]?.value.value else { return values }
        values["price"] = Self.price(billed, formats)
        if let savings = Self.savingsPercent(of: product, policy: policy, prices: prices) {
            values["savings_percent"] = PlanValue(kind: "percent", count: savings)
        }
        guard let offer = product.introOffer, let offerPeriod = offer.period.flatMap({ ISOPeriod($0.value) }) else {
            return values
        }
        let (unit, count) = try Self.unit(of: offerPeriod)
        let periods = offer.type.value == .payAsYouGo ? max(1, offer.periods?.value ?? 1) : 1
        values["trial_period"] = PlanValue(kind: "duration", unit: unit, count: count * periods)
        guard offer.type.value != .freeTrial, let amount = prices.introPrices[id]?.value.value else { return values }
        guard offer.type.value == .payAsYouGo else {
            values["intro_price"] = Self.price(amount, formats)
            return values
        }
        guard let line = template.section(product.type.value.rawValue)?.entry("price")?.message else {
            throw BenchmarkFailure("no price line for the pay-as-you-go offer of '\(id)'")
        }
        var perPeriod = values
        perPeriod["price"] = Self.price(amount, formats)
        perPeriod["period"] = PlanValue(kind: "period", unit: unit, count: count)
        values["intro_price"] = PlanValue(kind: "message", template: line.text.value,
                                          values: perPeriod.filter { line.variableNames.contains($0.key) })
        return values
    }

    /// An amount as the renderer hands it to ICU: a decimal with the currency's digits.
    private static func price(_ amount: Decimal, _ formats: LocaleFormats) -> PlanValue {
        PlanValue(kind: "price", amount: amount.policyText(fractionDigits: formats.currencyDigits))
    }

    /// The one calendar unit of a period and its count; `P0D` is zero days.
    private static func unit(of period: ISOPeriod) throws(BenchmarkFailure) -> (String, Int) {
        let parts = [("year", period.years), ("month", period.months), ("week", period.weeks), ("day", period.days)]
            .filter { $0.1 != 0 }
        guard parts.count <= 1 else { throw BenchmarkFailure("period \(period) has several units") }
        return parts.first ?? ("day", 0)
    }

    /// Whole percent saved per month against the dearest plan of the group that grants the same tiers,
    /// rounded down; nil on that plan itself (as `ProductPricing.savingsPercent`).
    private static func savingsPercent(of product: Product, policy: Policy, prices: PriceSheet) -> Int? {
        func perMonth(_ product: Product) -> Decimal? {
            guard let price = prices.prices[product.id.value]?.value.value,
                  let months = product.period.flatMap({ ISOPeriod($0.value) })?.monthsApproximation,
                  months > 0 else { return nil }
            return price / months
        }
        guard product.type.value == .autoRenewable, let group = product.group?.value,
              let own = perMonth(product) else { return nil }
        let grants = Set(product.grants.map(\.value))
        let dearest = policy.products.filter {
            $0.group?.value == group && $0.type.value == .autoRenewable && Set($0.grants.map(\.value)) == grants
        }.compactMap(perMonth).max()
        guard let dearest, dearest > own else { return nil }
        var percent = (1 - own / dearest) * 100
        var whole = Decimal()
        NSDecimalRound(&whole, &percent, 0, .down)
        let value = NSDecimalNumber(decimal: whole).intValue
        return value > 0 ? value : nil
    }
}
