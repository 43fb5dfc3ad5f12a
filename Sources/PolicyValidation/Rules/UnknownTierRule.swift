import Diagnostics
import PolicyModel

/// Every tier that products grant, features need, tiers include and templates title must be declared under `tiers:`.
struct UnknownTierRule: Rule {
    static let id = "unknown-tier"
    static let severity = Severity.error
    static let category = "references"
    static let summary = "a product, feature, tier or template names a tier that is not declared"
    static let explanation = """
        Products grant tiers, features name the tier that unlocks them, tiers include other tiers and \
        template files title tiers under 'tiers:', all by id. An id that matches no entry under 'tiers:' is \
        almost always a typo: it would leave a feature locked for every paying user, or a translated title \
        that is never shown. Fix the id (the message suggests the closest one) or declare the tier.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let policy = app.policy
        let declared = Set(policy.tiers.map(\.id.value))
        var unknown: [(reference: Located<String>, subject: () -> String)] = []
        for product in policy.products {
            for grant in product.grants where !declared.contains(grant.value) {
                unknown.append((grant, { "product '\(product.id.value)' grants" }))
            }
        }
        for feature in policy.features where !declared.contains(feature.tier.value) {
            unknown.append((feature.tier, { "feature '\(feature.id.value)' needs" }))
        }
        for tier in policy.tiers {
            for include in tier.includes where !declared.contains(include.value) {
                unknown.append((include, { "tier '\(tier.id.value)' includes" }))
            }
        }
        for set in app.templates {
            let entries = set.tiers
            for index in entries.indices where !declared.contains(entries[index].key.value) {
                unknown.append((entries[index].key, { "template '\(set.locale.value)' titles" }))
            }
        }
        guard !unknown.isEmpty else { return [] }
        let known = policy.tiers.map(\.id.value)
        return unknown.map { reference, subject in
            finding("\(subject()) unknown tier '\(reference.value)'", at: reference.span,
                    help: Suggestion.didYouMean(reference.value, in: known)
                        ?? "declare it under 'tiers:' (known: \(known.joined(separator: ", ")))")
        }
    }
}
