import Foundation
import PolicyModel
import TollgateEvaluation

/// The template variables of one product row, each worked out the first time a message uses
/// it, so a render formats only what its lines show. Lives for one render.
final class ProductVariables {
    private let facts: ProductFacts
    private let context: RenderContext
    /// What is billed each period: the product's price, or a pay-as-you-go offer's price per offer period.
    private let billing: Billing?
    /// Each variable's value once worked out (`.some(nil)`: worked out, and the product has none).
    private var cache = [MessageValue??](repeating: nil, count: TemplateVariable.allCases.count)

    /// An amount billed every `period`, `length` sixteenths of a day long.
    struct Billing {
        var amount: MinorAmount
        var period: ISOPeriod
        var length: Int
    }

    init(_ facts: ProductFacts, context: RenderContext, billing: Billing? = nil) {
        self.facts = facts
        self.context = context
        self.billing = billing ?? context.price(of: facts.product.id.value).flatMap { amount in
            facts.period.map { Billing(amount: amount, period: $0, length: facts.length ?? 0) }
        }
    }

    /// The value of `name`, or nil when the product has none (no price, no savings, no offer).
    func value(_ name: String) -> MessageValue? {
        guard let variable = TemplateVariable(rawValue: name) else { return nil }
        if let cached = cache[variable.ordinal] { return cached }
        let value = compute(variable)
        cache[variable.ordinal] = .some(value)
        return value
    }

    private var formats: LocaleFormats { context.formats }
    private var product: Product { facts.product }

    private func compute(_ variable: TemplateVariable) -> MessageValue? {
        let id = product.id.value
        switch variable {
        case .productTitle:
            return MessageValue(text: context.title(in: \.products, id) ?? product.referenceName?.value ?? id)
        case .currency:
            return MessageValue(text: formats.currency)
        case .tierTitle:
            return MessageValue(text: formats.list(product.grants.map { grant in
                context.title(in: \.tiers, grant.value) ?? context.policy.tier(grant.value)?.title?.value ?? grant.value
            }))
        case .unlockedFeatures:
            return MessageValue(text: formats.list(facts.unlockedFeatures.map { feature in
                context.title(in: \.features, feature.id.value) ?? feature.title?.value ?? feature.id.value
            }))
        case .period:
            return (billing?.period ?? facts.period).map { MessageValue(text: formats.periodName($0), key: $0.description) }
        case .periodCount:
            return facts.periodCount.map { MessageValue(text: formats.number(Decimal($0)), number: Decimal($0)) }
        case .price:
            return (billing?.amount ?? context.price(of: id)).map { MessageValue(text: formats.price($0), number: $0.decimal) }
        case .pricePerMonth:
            return derived(per: ProductFacts.month)
        case .pricePerWeek:
            return derived(per: ProductFacts.week)
        case .savingsPercent:
            return savingsPercent().map { MessageValue(text: formats.percent($0), number: Decimal($0)) }
        case .trialPeriod:
            return facts.offerLength.map { MessageValue(text: formats.duration($0), key: $0.description) }
        case .introPrice:
            return introPrice()
        }
    }

    /// The billed price per `unit` of the period, rounded half up to the currency's digits.
    private func derived(per unit: Int) -> MessageValue? {
        guard let billing, let amount = billing.amount.per(unit, length: billing.length) else { return nil }
        return MessageValue(text: formats.price(amount), number: amount.decimal)
    }

    /// How much cheaper per month this plan is than the dearest priced plan among its peers, in whole
    /// percent rounded down so that it never overstates; nil on the dearest plan itself.
    ///
    /// Exact integer arithmetic on minor units: plans compare by cross-multiplying price and length
    /// (a / x > b / y when a·y > b·x), and the percentage is 100·(1 − a·y / (b·x)) rounded down.
    private func savingsPercent() -> Int? {
        guard let price = context.price(of: product.id.value)?.units, let length = facts.length else { return nil }
        var dearest: (price: Int64, length: Int64)?
        for peer in facts.peers {
            guard let peerPrice = context.price(of: peer)?.units, let peerLength = context.facts[peer]?.length else {
                continue
            }
            if dearest.map({ peerPrice * $0.length > $0.price * Int64(peerLength) }) ?? true {
                dearest = (peerPrice, Int64(peerLength))
            }
        }
        guard let dearest else { return nil }
        let plan = price * dearest.length
        let top = dearest.price * Int64(length)
        guard top > plan else { return nil }
        let percent = Int(100 * (top - plan) / top)
        return percent > 0 ? percent : nil
    }

    /// A paid intro offer's price. A pay-as-you-go offer is billed each period, so its price is
    /// written the way the paywall's price line writes a price per period ("$6.99 / month").
    private func introPrice() -> MessageValue? {
        guard let offer = product.introOffer?.type.value, offer != .freeTrial,
              let amount = context.introPrice(of: product.id.value) else { return nil }
        let price = MessageValue(text: formats.price(amount), number: amount.decimal)
        guard offer == .payAsYouGo, let period = facts.offerPeriod else { return price }
        let perPeriod = ProductVariables(facts, context: context, billing: Billing(
            amount: amount, period: period, length: period.sixteenthsOfADay))
        let text = context.message("price", section: product.type.value.rawValue)
            .flatMap { context.messages.render($0, perPeriod.value) } ?? price.text
        return MessageValue(text: text, number: amount.decimal)
    }
}


extension TemplateVariable {
    /// The position among all variables, for array-backed caches.
    fileprivate var ordinal: Int {
        switch self {
        case .productTitle: 0
        case .price: 1
        case .period: 2
        case .periodCount: 3
        case .pricePerMonth: 4
        case .pricePerWeek: 5
        case .trialPeriod: 6
        case .introPrice: 7
        case .savingsPercent: 8
        case .currency: 9
        case .tierTitle: 10
        case .unlockedFeatures: 11
        }
    }
}
