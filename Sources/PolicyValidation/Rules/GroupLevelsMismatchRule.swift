import Diagnostics
import PolicyModel
import TollgateEvaluation

/// A group's `levels` list each auto-renewable of that group exactly once, and nothing else.
struct GroupLevelsMismatchRule: Rule {
    static let id = "group-levels-mismatch"
    static let severity = Severity.error
    static let category = "groups"
    static let summary = "a group's 'levels' miss one of its auto-renewables, list another product, or repeat one"
    static let explanation = """
        'levels' ranks a subscription group's products from the highest level of service to the lowest; \
        App Store Connect uses the rank to decide whether a change is an upgrade, a downgrade or a \
        crossgrade. Every auto-renewable whose 'group' names the group must appear exactly once, and no \
        other product may: a product missing from the ranking gets no level in the store, and one listed \
        twice or in the wrong group's levels has two. Add, remove or move the level the message names.
        """

    /// What every group's check needs, computed once per policy.
    private struct Context {
        var policy: Policy
        /// The product ids unknown-product may suggest, when some level names no product (else empty).
        var known: [String]
        var declared: Set<String>
        /// The auto-renewables of each group, in policy order.
        var members: [String: [Product]]
    }

    func check(_ app: AppSources) -> [Diagnostic] {
        let policy = app.policy
        let renewables = policy.products.filter { $0.type.value == .autoRenewable && $0.group != nil }
        // The suggestions are only needed for a level that names no product, which is rare.
        let hasUnknownLevel = policy.subscriptionGroups.contains { group in
            group.levels.contains { policy.product($0.value) == nil }
        }
        let context = Context(policy: policy, known: hasUnknownLevel ? policy.suggestableProductIDs : [],
                              declared: Set(policy.subscriptionGroups.map(\.id.value)),
                              members: Dictionary(grouping: renewables) { $0.group?.value ?? "" })
        return policy.subscriptionGroups.flatMap { check($0, context) }
    }

    private func check(_ group: SubscriptionGroup, _ context: Context) -> [Diagnostic] {
        let policy = context.policy
        let name = group.id.value
        var findings: [Diagnostic] = []
        var listed: [String: Located<String>] = [:]
        // Unknown ids are reported by unknown-product, which suggests the product meant; that one is not
        // reported a second time as missing from the levels.
        let known = context.known
        let meant = Set(group.levels.filter { policy.product($0.value) == nil }.compactMap {
            Suggestion.closest(to: $0.value, in: known)
        })
        let declared = context.declared
        for level in group.levels {
            guard let product = policy.product(level.value) else { continue }
            if let earlier = listed[level.value] {
                findings.append(finding(
                    "'\(level.value)' is listed twice in the levels of group '\(name)'", at: level.span,
                    help: "remove this one; each product has one level",
                    related: [.init(span: earlier.span, message: "'\(level.value)' first listed")]))
                continue
            }
            listed[level.value] = level
            if let extra = extraReason(product, in: name, declared: declared) {
                let regroup = product.type.value == .autoRenewable ? " or set its 'group: \(name)'" : ""
                findings.append(finding("level '\(level.value)' of group '\(name)' \(extra)", at: level.span,
                                        help: "remove it from 'levels'\(regroup)"))
            }
        }
        for product in context.members[name] ?? [] {
            guard let joined = product.group, listed[product.id.value] == nil,
                  !meant.contains(product.id.value) else { continue }
            listed[product.id.value] = product.id
            findings.append(finding(
                "subscription group '\(name)' does not list '\(product.id.value)' in its levels", at: group.id.span,
                help: "add it to 'levels', which run from the highest level of service to the lowest",
                related: [.init(span: joined.span, message: "'\(product.id.value)' joins the group")]))
        }
        return findings
    }

    /// Why a known product does not belong in the group's levels, or nil when it does or is reported elsewhere.
    private func extraReason(_ product: Product, in group: String, declared: Set<String>) -> String? {
        let type = product.type.value
        switch (type, product.group?.value) {
        case (.autoRenewable, group):
            return nil
        case (.autoRenewable, nil), (.nonRenewing, group):
            // A missing group and a non-renewing product in a group have their own rules.
            return nil
        case (.autoRenewable, let other?):
            // An undeclared group is reported by unknown-group.
            return declared.contains(other) ? "belongs to group '\(other)'" : nil
        default:
            return "is a \(type.rawValue) product; levels list only auto-renewable subscriptions"
        }
    }
}
