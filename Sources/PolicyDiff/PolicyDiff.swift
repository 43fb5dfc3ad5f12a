package import PolicyModel

/// Compares two versions of an app's policy and templates: what a change does to which users.
package enum PolicyDiff {
    /// The changes from `old` to `new`, by section, in policy order.
    package static func compare(_ old: AppSources, _ new: AppSources, from: String, to: String) -> PolicyDiffReport {
        let pair = Pair(old: old.policy, new: new.policy)
        let sections: [[PolicyChange]] = [
            pair.products(), pair.tiers(), pair.features(), pair.ads(), pair.entitlements(), pair.paywalls(),
            templates(old.templates, new.templates), pair.placements(), pair.experiments(),
        ]
        let changes = sections.flatMap { $0 }
        return PolicyDiffReport(app: new.policy.app.id.value, from: from, to: to, changes: changes)
    }
}

/// The two policies being compared, with the questions every section asks of both, indexed once so
/// that a diff of thousands of products stays linear.
struct Pair {
    let old: Policy
    let new: Policy
    /// Product ids of either side, old order first, then new ones.
    let productIDs: [String]
    private let position: [String: Int]
    private let oldHolders: [String: Set<String>]
    private let newHolders: [String: Set<String>]
    let oldFeatures: [String: Feature]
    let newFeatures: [String: Feature]

    init(old: Policy, new: Policy) {
        self.old = old
        self.new = new
        let oldIDs = old.products.map(\.id.value)
        let known = Set(oldIDs)
        productIDs = oldIDs + new.products.map(\.id.value).filter { !known.contains($0) }
        position = Dictionary(productIDs.enumerated().map { ($1, $0) }) { first, _ in first }
        oldHolders = Self.holders(in: old)
        newHolders = Self.holders(in: new)
        oldFeatures = Dictionary(old.features.map { ($0.id.value, $0) }) { first, _ in first }
        newFeatures = Dictionary(new.features.map { ($0.id.value, $0) }) { first, _ in first }
    }

    /// For each tier of `policy`, the products whose buyers hold it (directly or by includes).
    private static func holders(in policy: Policy) -> [String: Set<String>] {
        var holders: [String: Set<String>] = [:]
        var closures: [[String]: Set<String>] = [:]
        for product in policy.products {
            let grants = product.grants.map(\.value)
            let closure = closures[grants] ?? policy.closure(of: grants)
            closures[grants] = closure
            for tier in closure { holders[tier, default: []].insert(product.id.value) }
        }
        return holders
    }

    /// The two sides of a comparison.
    enum Side { case old, new }

    /// The products, on one side, whose buyers hold `tier`.
    func holders(of tier: String, in side: Side) -> Set<String> {
        (side == .old ? oldHolders : newHolders)[tier] ?? []
    }

    /// Whether everyone has `tier` on `policy` (it is free or included by free).
    func isFree(_ tier: String, in policy: Policy) -> Bool {
        policy.closure(of: [String]()).contains(tier)
    }

    /// The products that gain and lose something held by `had` on the old side and `has` on the new,
    /// in product order.
    func movement(had: Set<String>, has: Set<String>) -> (gained: [String], lost: [String]) {
        let order = { (ids: Set<String>) in ids.sorted { position[$0, default: .max] < position[$1, default: .max] } }
        return (order(has.subtracting(had)), order(had.subtracting(has)))
    }
}

extension Array where Element == String {
    /// `a, b` or `none`.
    var listed: String { isEmpty ? "none" : joined(separator: ", ") }
}
