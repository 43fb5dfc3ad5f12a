import PolicyModel
import TollgateEvaluation

/// The template variables of one product row, each worked out the first time a message uses
/// it, so a render formats only what its lines show. Lives for one render.
final class ProductVariables {
    private let product: PreparedProduct
    private let context: RenderContext
    /// What is billed each period: the product's price, or a pay-as-you-go offer's price per offer period.
    private let billing: Billing?
    /// Each variable's value once worked out. A render uses its variables on one thread only, so the
    /// runtime's exclusivity check on every access is left out.
    @exclusivity(unchecked) private var cache = [Slot](repeating: .pending, count: TemplateVariable.allCases.count)

    /// A variable not yet worked out, worked out with no value, or its value. A concrete enum rather than
    /// a double optional, whose copies and destruction would go through generic value witnesses.
    private enum Slot {
        case pending
        case absent
        case present(MessageValue)
    }

    /// An amount billed every `period`, `length` sixteenths of a day long.
    struct Billing {
        var amount: MinorAmount
        var period: ISOPeriod
        var length: Int
    }

    init(_ product: PreparedProduct, context: RenderContext, billing: Billing? = nil) {
        self.product = product
        self.context = context
        self.billing = billing ?? context.amounts[product.priceIndex].flatMap { amount in
            product.facts.period.map { Billing(amount: amount, period: $0, length: product.facts.length ?? 0) }
        }
    }

    /// The value of `variable`, or nil when the product has none (no price, no savings, no offer).
    func value(_ variable: TemplateVariable) -> MessageValue? {
        let ordinal = variable.ordinal
        switch cache[ordinal] {
        case .present(let value): return value
        case .absent: return nil
        case .pending: break
        }
        let value = compute(variable)
        cache[ordinal] = value.map(Slot.present) ?? .absent
        return value
    }

    private var formats: LocaleFormats { context.formats }
    private var facts: ProductFacts { product.facts }
    /// The product's own store price.
    private var price: MinorAmount? { context.amounts[product.priceIndex] }

    private func compute(_ variable: TemplateVariable) -> MessageValue? {
        switch variable {
        case .productTitle:
            return MessageValue(text: product.title)
        case .currency:
            return MessageValue(text: formats.currency)
        case .tierTitle:
            return MessageValue(text: formats.list(product.tierTitles))
        case .unlockedFeatures:
            return MessageValue(text: formats.list(product.featureTitles))
        case .period:
            return (billing?.period ?? facts.period).map { MessageValue(text: formats.periodName($0), period: $0) }
        case .periodCount:
            return facts.periodCount.map { MessageValue(text: formats.number($0), integer: $0) }
        case .price:
            return (billing?.amount ?? price).map { MessageValue(text: formats.price($0), amount: $0) }
        case .pricePerMonth:
            return derived(per: ProductFacts.month)
        case .pricePerWeek:
            return derived(per: ProductFacts.week)
        case .savingsPercent:
            return savingsPercent().map { MessageValue(text: formats.percent($0), integer: $0) }
        case .trialPeriod:
            return facts.offerLength.map { MessageValue(text: formats.duration($0), period: $0) }
        case .introPrice:
            return introPrice()
        }
    }

    /// The billed price per `unit` of the period, rounded half up to the currency's digits.
    private func derived(per unit: Int) -> MessageValue? {
        guard let billing, let amount = billing.amount.per(unit, length: billing.length) else { return nil }
        return MessageValue(text: formats.price(amount), amount: amount)
    }

    /// How much cheaper per month this plan is than the dearest priced plan among its peers, in whole
    /// percent rounded down so that it never overstates; nil on the dearest plan itself.
    ///
    /// Exact integer arithmetic on minor units: plans compare by cross-multiplying price and length
    /// (a / x > b / y when a·y > b·x), and the percentage is 100·(1 − a·y / (b·x)) rounded down.
    private func savingsPercent() -> Int? {
        guard let price = price?.units, let length = facts.length else { return nil }
        var dearest: (price: Int64, length: Int64)?
        for peer in product.peers {
            guard let peerPrice = context.amounts[peer.priceIndex]?.units else { continue }
            if dearest.map({ peerPrice * $0.length > $0.price * Int64(peer.length) }) ?? true {
                dearest = (peerPrice, Int64(peer.length))
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
        guard let offer = product.offer, offer != .freeTrial, let amount = context.introPrice(of: product.id) else {
            return nil
        }
        guard offer == .payAsYouGo, let period = facts.offerPeriod else {
            return MessageValue(text: formats.price(amount), amount: amount)
        }
        let perPeriod = ProductVariables(product, context: context, billing: Billing(
            amount: amount, period: period, length: period.sixteenthsOfADay))
        let text = product.price.flatMap { context.messages.render($0, perPeriod) } ?? formats.price(amount)
        return MessageValue(text: text, amount: amount)
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
