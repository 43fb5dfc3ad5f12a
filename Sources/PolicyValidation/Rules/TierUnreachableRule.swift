import Diagnostics
import PolicyModel

/// Every tier but `free` should be granted by some product, directly or through a tier that includes it.
struct TierUnreachableRule: Rule {
    static let id = "tier-unreachable"
    static let severity = Severity.warning
    static let category = "references"
    static let summary = "a tier that no product grants, directly or through a tier that includes it"
    static let explanation = """
        A tier is reached by buying a product that grants it, or a product that grants a tier including \
        it. A tier nothing reaches keeps its features locked for everyone, paying or not; usually a product's \
        'grants' or a tier's 'includes' was forgotten. Grant the tier from a product, include it from a \
        granted tier, or remove it.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let policy = app.policy
        let reached = policy.closure(of: policy.products.flatMap { $0.grants.map(\.value) })
        return policy.tiers.filter { !reached.contains($0.id.value) }.map { tier in
            let features = policy.features.filter { $0.tier.value == tier.id.value }.map { "'\($0.id.value)'" }
            let needed = features.isEmpty ? "" : " (needed by \(features.joined(separator: ", ")))"
            return finding("no product grants tier '\(tier.id.value)'\(needed)", at: tier.id.span,
                           help: "add '\(tier.id.value)' to a product's 'grants', include it from a granted tier, "
                               + "or remove it")
        }
    }
}
