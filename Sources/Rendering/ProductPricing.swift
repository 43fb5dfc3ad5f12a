import Foundation
import PolicyModel

/// A product's store facts before any text: its period, its price and its price per month.
struct ProductPricing {
    let product: Product
    let period: ISOPeriod?
    let price: Decimal?
    /// The exact price per month, for comparing plans; nil without a price or a period.
    let perMonth: Decimal?

    init(product: Product, prices: PriceSheet) {
        self.product = product
        period = product.period.flatMap { ISOPeriod($0.value) }
        let price = prices.prices[product.id.value]?.value
        self.price = price
        perMonth = price.flatMap { Self.perMonth($0, over: product.period.flatMap { ISOPeriod($0.value) }) }
    }

    /// `amount` per month of `period`, exact; nil without a period.
    static func perMonth(_ amount: Decimal, over period: ISOPeriod?) -> Decimal? {
        guard let months = period?.monthsApproximation, months > 0 else { return nil }
        return amount / months
    }

    /// `amount` per week of `period`, exact: the period's length in days over seven; nil without a period.
    static func perWeek(_ amount: Decimal, over period: ISOPeriod?) -> Decimal? {
        guard let months = period?.monthsApproximation, months > 0 else { return nil }
        return amount * 7 / (months * ISOPeriod.daysPerMonth)
    }

    /// How much cheaper per month this plan is than the dearest plan of its group that grants the same
    /// tiers, in whole percent rounded down so that it never overstates; nil on the dearest plan itself.
    func savingsPercent(among others: [ProductPricing]) -> Int? {
        guard let perMonth, product.type.value == .autoRenewable, let group = product.group?.value else { return nil }
        let grants = Set(product.grants.map(\.value))
        let dearest = others.compactMap { other -> Decimal? in
            guard other.product.group?.value == group, other.product.type.value == .autoRenewable,
                  Set(other.product.grants.map(\.value)) == grants else { return nil }
            return other.perMonth
        }.max()
        guard let dearest, dearest > perMonth else { return nil }
        var percent = (1 - perMonth / dearest) * 100
        var whole = Decimal()
        NSDecimalRound(&whole, &percent, 0, .down)
        let value = NSDecimalNumber(decimal: whole).intValue
        return value > 0 ? value : nil
    }
}
