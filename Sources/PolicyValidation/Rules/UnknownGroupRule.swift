import Diagnostics
import PolicyModel

/// A product's `group` must name a group declared under `subscription_groups:`.
struct UnknownGroupRule: Rule {
    static let id = "unknown-group"
    static let severity = Severity.error
    static let category = "references"
    static let summary = "a product names a subscription group that is not declared"
    static let explanation = """
        An auto-renewable subscription belongs to one subscription group, named by 'group'. The group \
        must be declared under 'subscription_groups:' with its levels, or the store cannot offer upgrades \
        and downgrades between its products. Fix the name (the message suggests the closest one) or declare \
        the group.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let known = app.policy.subscriptionGroups.map(\.id.value)
        let declared = Set(known)
        return app.policy.products.compactMap { product in
            guard let group = product.group, !declared.contains(group.value) else { return nil }
            return finding("product '\(product.id.value)' names unknown subscription group '\(group.value)'",
                           at: group.span,
                           help: Suggestion.didYouMean(group.value, in: known)
                               ?? "declare it under 'subscription_groups:' with its 'levels'")
        }
    }
}
