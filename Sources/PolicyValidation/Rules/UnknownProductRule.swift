import Diagnostics
import PolicyModel

/// Subscription group levels and template product titles must name products declared under `products:`.
struct UnknownProductRule: Rule {
    static let id = "unknown-product"
    static let severity = Severity.error
    static let category = "references"
    static let summary = "a subscription group level or a template names a product that is not declared"
    static let explanation = """
        Subscription groups list their products under 'levels' and template files title products under \
        'products:', both by product id. An id that matches no product is almost always a typo or a product \
        that was renamed: the group's level order would be wrong in the store, or a translated title never \
        shown. Fix the id (the message suggests the closest one) or declare the product. Paywalls are \
        checked by 'paywall-unknown-product'.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        var declared = DeclaredIDs(app.policy.products.map(\.id.value))
        var unknown: [(reference: Located<String>, subject: () -> String)] = []
        for group in app.policy.subscriptionGroups {
            for level in group.levels where !declared.contains(level.value) {
                unknown.append((level, { "subscription group '\(group.id.value)' lists" }))
            }
        }
        for set in app.templates {
            let entries = set.products
            for index in entries.indices where !declared.contains(entries[index].key.value, at: index) {
                unknown.append((entries[index].key, { "template '\(set.locale.value)' titles" }))
            }
        }
        guard !unknown.isEmpty else { return [] }
        let known = app.policy.suggestableProductIDs
        return unknown.map { reference, subject in
            finding("\(subject()) unknown product '\(reference.value)'", at: reference.span,
                    help: Suggestion.didYouMean(reference.value, in: known)
                        ?? "declare it under 'products:' or remove it")
        }
    }
}
