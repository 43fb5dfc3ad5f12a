import Diagnostics
import Foundation
import PolicyModel
import TollgateEvaluation

/// Within a subscription group, a longer plan of the same service should not cost more per month.
struct YearlyNotCheaperRule: Rule {
    static let id = "yearly-not-cheaper"
    static let severity = Severity.warning
    static let category = "products"
    static let summary = "a longer subscription costs more per month than a shorter one of the same service"
    static let explanation = """
        Users expect a yearly plan to cost less per month than a monthly one of the same service, and \
        paywalls show the saving ('savings_percent'). When a longer plan's reference price works out dearer \
        per month than a shorter plan that grants the same tiers in the same subscription group, the \
        reference prices are probably swapped or mistyped. The comparison uses exact decimal arithmetic \
        in each currency both products list (a year is 12 months, a week 7 of the 30.4375 days of an \
        average month). Fix the price, or waive the rule if the pricing is intended.
        """

    /// ICU's minor-unit digits, to write amounts as the currency does.
    let currencyDigits: CurrencyDigits

    func check(_ app: AppSources) -> [Diagnostic] {
        // Products are read by position, so that only auto-renewables are copied out to become plans.
        let products = app.policy.products
        var plans: [Plan] = []
        for index in products.indices where products[index].type.value == .autoRenewable {
            if let plan = Plan(products[index], policy: app.policy, currencyDigits: currencyDigits) {
                plans.append(plan)
            }
        }
        // Only plans of the same group granting the same tiers are compared: each is paired with the later
        // plans of its own bucket, in policy order, rather than with every later plan.
        var buckets: [PlanKey: [Int]] = [:]
        for (index, plan) in plans.enumerated() {
            buckets[PlanKey(group: plan.group, tiers: plan.tiers), default: []].append(index)
        }
        var findings: [Diagnostic] = []
        for (index, first) in plans.enumerated() {
            let bucket = buckets[PlanKey(group: first.group, tiers: first.tiers)] ?? []
            for later in bucket where later > index {
                let second = plans[later]
                let months = (first.months, second.months)
                guard months.0 != months.1 else { continue }
                let (short, long) = months.0 < months.1 ? (first, second) : (second, first)
                if let finding = compare(short, long) { findings.append(finding) }
            }
        }
        return findings
    }

    /// The finding for the first currency, in the longer plan's order, where it costs more per month.
    private func compare(_ short: Plan, _ long: Plan) -> Diagnostic? {
        for longPrice in long.prices {
            let currency = longPrice.currency
            guard let shortPrice = short.prices.first(where: { $0.currency == currency }),
                  longPrice.amount * short.months > shortPrice.amount * long.months else { continue }
            let perMonth = Self.texts(longPrice.amount / long.months, shortPrice.amount / short.months,
                                      digits: longPrice.digits)
            let bound = (shortPrice.amount / short.months * long.months).policyText(fractionDigits: longPrice.digits)
            return finding(
                "'\(long.id)' (\(long.period)) costs \(perMonth.0) \(currency) per month, more than "
                    + "'\(short.id)' (\(short.period)) at \(perMonth.1) \(currency) per month",
                at: longPrice.span,
                help: "a longer plan should cost less per month: price '\(long.id)' below \(bound) \(currency), "
                    + "or check the reference prices",
                related: [.init(span: shortPrice.span, message: "'\(short.id)' is priced")])
        }
        return nil
    }

    /// Two per-month prices with the currency's digits, or more digits where those would show them equal.
    private static func texts(_ a: Decimal, _ b: Decimal, digits: Int) -> (String, String) {
        for extra in 0...4 {
            let texts = (a.policyText(fractionDigits: digits + extra), b.policyText(fractionDigits: digits + extra))
            if texts.0 != texts.1 { return texts }
        }
        return (a.policyText(fractionDigits: digits + 4), b.policyText(fractionDigits: digits + 4))
    }
}

/// What makes two plans comparable: the same subscription group and the same tiers reached.
private struct PlanKey: Hashable {
    var group: String
    var tiers: Set<String>
}

/// An auto-renewable product with a valid period, the tiers it reaches and its parsable reference prices in
/// known currencies (reference-price-invalid reports the others).
private struct Plan {
    var id: String
    var group: String
    var period: String
    var months: Decimal
    var tiers: Set<String>
    var prices: [Price]

    /// A reference price as a number, with its currency's digits and where its amount is written.
    struct Price {
        var currency: String
        var digits: Int
        var amount: Decimal
        var span: SourceSpan
    }

    init?(_ product: Product, policy: Policy, currencyDigits: CurrencyDigits) {
        guard product.type.value == .autoRenewable, let group = product.group?.value,
              let period = product.period?.value, let months = product.duration?.monthsApproximation, months > 0
        else { return nil }
        id = product.id.value
        self.group = group
        self.period = period
        self.months = months
        tiers = policy.closure(of: product.grants.map(\.value))
        prices = product.referencePrices.compactMap { price in
            guard let digits = currencyDigits(price.currency.value),
                  let amount = Decimal(policyAmount: price.amount.value) else { return nil }
            return Price(currency: price.currency.value, digits: digits, amount: amount, span: price.amount.span)
        }
    }
}
