import Diagnostics
import PolicyModel
import TollgateEvaluation

/// A group's levels run from the highest level of service down: a higher level never grants less.
struct GroupLevelOrderRule: Rule {
    static let id = "group-level-order"
    static let severity = Severity.error
    static let category = "groups"
    static let summary = "a subscription group level grants less than a level listed below it"
    static let explanation = """
        'levels' lists a subscription group's products from the highest level of service to the lowest, \
        the way App Store Connect ranks them (level 1 first). The store treats a move up the list as an \
        upgrade, which takes effect at once and refunds the rest of the period, and a move down as a \
        downgrade at the next renewal. A level that unlocks fewer tiers (counting 'includes') than one below \
        it turns real downgrades into upgrades. Reorder the levels so each unlocks at least what every \
        level below it unlocks.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.subscriptionGroups.flatMap { check($0, app.policy) }
    }

    private func check(_ group: SubscriptionGroup, _ policy: Policy) -> [Diagnostic] {
        let known = Set(policy.tiers.map(\.id.value))
        var levels: [(id: Located<String>, tiers: Set<String>)] = []
        for level in group.levels where !levels.contains(where: { $0.id.value == level.value }) {
            // Only the group's own auto-renewables; other levels are reported by group-levels-mismatch.
            guard let product = policy.product(level.value), product.type.value == .autoRenewable,
                  product.group?.value == group.id.value else { continue }
            // Unknown tiers are reported by unknown-tier; they would make every comparison fail.
            levels.append((level, policy.closure(of: product.grants.map(\.value)).intersection(known)))
        }
        var findings: [Diagnostic] = []
        for (index, higher) in levels.enumerated() {
            guard let lower = levels[(index + 1)...].first(where: { !$0.tiers.isSubset(of: higher.tiers) }) else {
                continue
            }
            let names = policy.tiers.map(\.id.value)
                .filter { lower.tiers.contains($0) && !higher.tiers.contains($0) }
                .map { "'\($0)'" }.joined(separator: ", ")
            findings.append(finding(
                "level '\(higher.id.value)' is above '\(lower.id.value)' but does not grant \(names)",
                at: higher.id.span,
                help: "move '\(lower.id.value)' above it; levels run from the highest level of service down",
                related: [.init(span: lower.id.span, message: "'\(lower.id.value)' listed")]))
        }
        return findings
    }
}
