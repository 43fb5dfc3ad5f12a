import PolicyModel

/// Compares two versions of an app's policy and templates: what a change does to which users.
package enum PolicyDiff {
    /// The changes from `old` to `new`, by section, in policy order.
    package static func compare(_ old: AppSources, _ new: AppSources, from: String, to: String) -> PolicyDiffReport {
        let pair = Pair(old: old.policy, new: new.policy)
        let changes = pair.products() + pair.tiers() + pair.features() + pair.ads() + pair.entitlements()
            + pair.paywalls() + templates(old.templates, new.templates)
        return PolicyDiffReport(app: new.policy.app.id.value, from: from, to: to, changes: changes)
    }
}

/// The two policies being compared, with the questions every section asks of both.
struct Pair {
    let old: Policy
    let new: Policy

    /// Product ids of either side, old order first, then new ones.
    var productIDs: [String] {
        let oldIDs = old.products.map(\.id.value)
        return oldIDs + new.products.map(\.id.value).filter { !oldIDs.contains($0) }
    }

    /// The products, on `policy`, whose buyers hold `tier` (directly or by includes), sorted.
    func holders(of tier: String, in policy: Policy) -> Set<String> {
        Set(policy.products.filter { policy.closure(of: $0.grants.map(\.value)).contains(tier) }.map(\.id.value))
    }

    /// Whether everyone has `tier` on `policy` (it is free or included by free).
    func isFree(_ tier: String, in policy: Policy) -> Bool {
        policy.closure(of: [String]()).contains(tier)
    }

    /// The products that gain and lose something held by `had` on the old side and `has` on the new.
    func movement(had: Set<String>, has: Set<String>) -> (gained: [String], lost: [String]) {
        let order = productIDs
        return (order.filter { has.contains($0) && !had.contains($0) }, order.filter { had.contains($0) && !has.contains($0) })
    }
}

extension Array where Element == String {
    /// `a, b` or `none`.
    var listed: String { isEmpty ? "none" : joined(separator: ", ") }
}
