import Foundation
import PolicyModel
import TollgateEvaluation

/// What the renderer knows about a product from the policy alone, worked out once per policy load;
/// a class, so renders share it instead of copying the product.
final class ProductFacts: Sendable {
    let product: Product
    let period: ISOPeriod?
    /// The period's length in sixteenths of a day, a whole number (an average month, 30.4375 days, is
    /// 487), so plans compare by multiplying instead of dividing; nil without a period.
    let length: Int?
    /// The number in the period's first unit: 3 for P3M, 1 for P1Y.
    let periodCount: Int?
    /// One intro offer period, and the whole offer (a pay-as-you-go offer's periods together).
    let offerPeriod: ISOPeriod?
    let offerLength: ISOPeriod?
    /// The auto-renewable plans of the same group that grant the same tiers, itself included.
    let peers: [String]
    /// The features the product unlocks beyond free, in the policy's order.
    let unlockedFeatures: [Feature]

    init(product: Product, period: ISOPeriod?, length: Int?, periodCount: Int?, offerPeriod: ISOPeriod?,
         offerLength: ISOPeriod?, peers: [String], unlockedFeatures: [Feature]) {
        self.product = product
        self.period = period
        self.length = length
        self.periodCount = periodCount
        self.offerPeriod = offerPeriod
        self.offerLength = offerLength
        self.peers = peers
        self.unlockedFeatures = unlockedFeatures
    }

    /// The facts of every product of `policy`, by id.
    ///
    /// Linear in the policy: plans are grouped by group and granted tiers once, and the features a set of
    /// grants unlocks are worked out once per distinct set (products share a few tiers).
    static func catalog(of policy: Policy) -> [String: ProductFacts] {
        let free = policy.closure(of: [String]())
        var peersByPlan: [PeerKey: [String]] = [:]
        for plan in policy.products where plan.type.value == .autoRenewable {
            guard let key = PeerKey(plan) else { continue }
            peersByPlan[key, default: []].append(plan.id.value)
        }
        var unlockedByGrants: [Set<String>: [Feature]] = [:]
        func unlockedFeatures(_ grants: Set<String>) -> [Feature] {
            if let known = unlockedByGrants[grants] { return known }
            let unlocked = policy.closure(of: Array(grants)).subtracting(free)
            let features = policy.features.filter { unlocked.contains($0.tier.value) }
            unlockedByGrants[grants] = features
            return features
        }
        var catalog: [String: ProductFacts] = [:]
        for product in policy.products where catalog[product.id.value] == nil {
            let id = product.id.value
            let period = product.duration
            let offerPeriod = product.introOffer?.duration
            let repeats = product.introOffer?.type.value == .payAsYouGo ? max(1, product.introOffer?.periods?.value ?? 1) : 1
            let peers = product.type.value == .autoRenewable ? PeerKey(product).flatMap { peersByPlan[$0] } ?? [] : []
            catalog[id] = ProductFacts(
                product: product, period: period, length: period.map(\.sixteenthsOfADay).flatMap { $0 > 0 ? $0 : nil },
                periodCount: period.flatMap { PeriodUnit.parts(of: $0).first?.1 }, offerPeriod: offerPeriod,
                offerLength: offerPeriod.map { $0.repeated(repeats) }, peers: peers,
                unlockedFeatures: unlockedFeatures(Set(product.grants.map(\.value))))
        }
        return catalog
    }

    /// What makes plans peers: the same subscription group and the same granted tiers.
    private struct PeerKey: Hashable {
        var group: String
        var grants: Set<String>

        /// The key of a product in a group; nil outside one.
        init?(_ product: Product) {
            guard let group = product.group?.value else { return nil }
            self.group = group
            grants = Set(product.grants.map(\.value))
        }
    }

    /// Sixteenths of a day in an average Gregorian month (30.4375 days).
    static let month = 487
    /// Sixteenths of a day in a week.
    static let week = 112
}

extension ISOPeriod {
    /// The length in sixteenths of a day: a month is 487 (30.4375 days), a year twelve months, a week
    /// seven days; hours, minutes and seconds count as parts of a day, rounded down.
    var sixteenthsOfADay: Int {
        (years * 12 + months) * ProductFacts.month + (weeks * 7 + days) * 16
            + (hours * 3600 + minutes * 60 + seconds) * 16 / 86_400
    }

    /// The period `count` times over: P1M × 3 is P3M.
    func repeated(_ count: Int) -> ISOPeriod {
        ISOPeriod(years: years * count, months: months * count, weeks: weeks * count, days: days * count)
    }
}
