import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Consumables are used up, so they never grant tiers.
struct ConsumableGrantsTierRule: Rule {
    static let id = "consumable-grants-tier"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "a consumable grants a tier"
    static let explanation = """
        A consumable (coins, credits, a one-off boost) is used up, is not restored on a new device and \
        leaves no lasting entitlement, so the store cannot prove later that the user still owns it. Access \
        it granted would vanish on reinstall or be kept forever, and App Review guideline 3.1.1 expects \
        unlocked features to be restorable. Grant tiers from a non-consumable or a subscription, and \
        describe what the consumable adds with 'credits:'.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.products.filter { $0.type.value == .consumable }.flatMap { product in
            product.grants.map { tier in
                finding("consumable '\(product.id.value)' grants tier '\(tier.value)'", at: tier.span,
                        help: "sell '\(tier.value)' as a non-consumable or subscription; describe what the "
                            + "consumable adds with 'credits:'")
            }
        }
    }
}
