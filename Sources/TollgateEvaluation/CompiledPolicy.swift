public import Foundation

/// A policy ready for evaluation: tiers and features as bit positions, each product as the tier set it
/// grants, and the indexes evaluation needs, built once per load from a `PolicyBundle`.
public struct CompiledPolicy: Sendable {
    /// The id of the tier every user has.
    package static let freeTier = "free"

    /// Immutable lookup tables shared by every copy, so passing a policy around costs one retain.
    final class Tables: Sendable {
        let bundle: PolicyBundle
        let productIndex: [String: Int]
        let tierIndex: [String: Int]
        let featureIndex: [String: Int]
        let adPlacementIndex: [String: Int]
        /// Per product: the tiers it grants; empty for consumables.
        let productGrants: [TierSet]
        /// Per feature: the bit of the tier that unlocks it.
        let featureTiers: [Int]
        /// Per state (in `EntitlementState.allCases` order): whether it keeps access once synced.
        let stateGrants: [Bool]
        let free: TierSet
        let adFree: TierSet
        /// Per tier: the products (consumables aside) that grant it, in policy order.
        let granting: [[Int]]
        /// Per currency the policy prices in, per tier: the products that grant it, cheapest first.
        let offers: [String: [[Int]]]
        /// The currency upsell offers are ordered by when the input names none.
        let defaultCurrency: String
        /// Whether some product is sold in only some stores, so that offers depend on the user's platform.
        let limitsStores: Bool
        /// Per product: its id without the app's bundle id prefix, as people say it.
        let productNames: [String]
        /// Per tier: the start of the sentence for a feature it would unlock, `needs pro; granted by pro.monthly`.
        let tierNeeds: [String]
        /// Every ad placement with ads on, and with ads off.
        let placementsShown: [String: Bool]
        let placementsHidden: [String: Bool]
        /// Where paywalls may show, and the experiments their audiences run.
        let placements: CompiledPlacements
        /// What every decision's JSON shares.
        let decisionLayout: DecisionLayout

        init(_ bundle: PolicyBundle) throws(BundleError) {
            self.bundle = bundle
            guard bundle.tiers.count <= TierSet.capacity else { throw BundleError.tooManyTiers(bundle.tiers.count) }
            let tierIndex = Dictionary(bundle.tiers.enumerated().map { ($1.id, $0) }) { first, _ in first }
            self.tierIndex = tierIndex
            func tiers(_ ids: [String], of owner: String) throws(BundleError) -> TierSet {
                var set = TierSet()
                for id in ids {
                    guard let position = tierIndex[id] else { throw BundleError.unknownReference("tier '\(id)' in \(owner)") }
                    set.insert(position)
                }
                return set
            }
            productIndex = Dictionary(bundle.products.enumerated().map { ($1.id, $0) }) { first, _ in first }
            let featureIndex = Dictionary(bundle.features.enumerated().map { ($1.id, $0) }) { first, _ in first }
            self.featureIndex = featureIndex
            adPlacementIndex = Dictionary(bundle.ads.placements.enumerated().map { ($1, $0) }) { first, _ in first }
            var grants: [TierSet] = []
            for product in bundle.products {
                grants.append(product.type == .consumable ? TierSet() : try tiers(product.grants, of: "product '\(product.id)'"))
            }
            productGrants = grants
            var featureTiers: [Int] = []
            for feature in bundle.features {
                guard let position = tierIndex[feature.tier] else {
                    throw BundleError.unknownReference("tier '\(feature.tier)' in feature '\(feature.id)'")
                }
                featureTiers.append(position)
            }
            self.featureTiers = featureTiers
            stateGrants = EntitlementState.allCases.map { bundle.entitlements.grants.contains($0) }
            free = TierSet(tierIndex[CompiledPolicy.freeTier].map { [$0] } ?? [])
            adFree = TierSet(bundle.tiers.enumerated().filter { $1.adFree }.map(\.offset))
            let granting = bundle.tiers.indices.map { tier in grants.indices.filter { grants[$0].contains(tier) } }
            self.granting = granting
            let prices = bundle.products.map(Self.comparablePrices)
            let currencies = Set(prices.flatMap(\.keys))
            offers = Dictionary(uniqueKeysWithValues: currencies.map { currency in
                (currency, granting.map { products in
                    Self.cheapestFirst(products, prices: prices, currency: currency)
                })
            })
            defaultCurrency = currencies.contains("USD") ? "USD" : currencies.min() ?? "USD"
            limitsStores = bundle.products.contains { $0.stores != nil }
            let prefix = bundle.bundleID.map { $0 + "." }
            let names = bundle.products.map { product in
                guard let prefix, product.id.hasPrefix(prefix), product.id.count > prefix.count else { return product.id }
                return String(product.id.dropFirst(prefix.count))
            }
            productNames = names
            let tierNeeds = bundle.tiers.indices.map { tier in
                "needs \(bundle.tiers[tier].id)" + (granting[tier].isEmpty
                    ? "; no product grants it" : "; granted by " + granting[tier].map { names[$0] }.joined(separator: ", "))
            }
            self.tierNeeds = tierNeeds
            let placementsShown = Dictionary(bundle.ads.placements.map { ($0, true) }) { first, _ in first }
            let placementsHidden = placementsShown.mapValues { _ in false }
            self.placementsShown = placementsShown
            self.placementsHidden = placementsHidden
            placements = try CompiledPlacements(bundle, tierIndex: tierIndex, featureIndex: featureIndex)
            decisionLayout = DecisionLayout(bundle: bundle, featureTiers: featureTiers, tierNeeds: tierNeeds,
                                            placementsShown: placementsShown, placementsHidden: placementsHidden)
        }

        /// `products` cheapest first in `currency`; unpriced ones last, in policy order.
        private static func cheapestFirst(_ products: [Int], prices: [[String: Decimal]], currency: String) -> [Int] {
            products.enumerated().sorted { lhs, rhs in
                switch (prices[lhs.element][currency], prices[rhs.element][currency]) {
                case let (left?, right?) where left != right: left < right
                case (.some, nil): true
                case (nil, .some): false
                default: lhs.offset < rhs.offset
                }
            }.map(\.element)
        }


        /// Prices made comparable: per month for subscriptions, as is otherwise.
        private static func comparablePrices(_ product: PolicyBundle.Product) -> [String: Decimal] {
            var prices: [String: Decimal] = [:]
            let months = product.period.map { Decimal($0.months) + Decimal($0.days) / PolicyBundle.Period.daysPerMonth } ?? 0
            for (currency, text) in product.prices {
                // Without a locale `.` separates the fraction, as in policy files, and Foundation's ICU stays unloaded.
                guard var amount = Decimal(string: text) else { continue }
                if months > 0 { amount /= months }
                prices[currency] = amount
            }
            return prices
        }
    }

    let tables: Tables

    /// Builds the evaluation tables of `bundle`.
    public init(_ bundle: PolicyBundle) throws(BundleError) {
        tables = try Tables(bundle)
    }

    /// Decodes, verifies and compiles a bundle's JSON.
    public init(bundleJSON: Data) throws(BundleError) {
        try self.init(PolicyBundle(json: bundleJSON))
    }

    public var bundle: PolicyBundle { tables.bundle }
    /// The app's id.
    public var app: String { tables.bundle.app }
    /// `sha256:…`, the identity of this policy version.
    public var hash: String { tables.bundle.policy }
}
