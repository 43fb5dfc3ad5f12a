import Diagnostics
import PolicyModel
import TollgateEvaluation

/// An auto-renewable subscription needs a subscription group and a billing period.
struct SubscriptionNeedsGroupAndPeriodRule: Rule {
    static let id = "subscription-needs-group-and-period"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "an auto-renewable subscription has no 'group' or no 'period'"
    static let explanation = """
        App Store Connect puts every auto-renewable subscription in a subscription group (the set a user \
        can hold one of, with upgrades and downgrades between levels), and both stores bill it every \
        'period'. Without them the product cannot be created in the store, and paywalls cannot show the \
        length of the subscription that App Review guideline 3.1.2 requires. Add 'group:' and 'period:'.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.products.filter { $0.type.value == .autoRenewable }.compactMap { product in
            let missing = [product.group == nil ? "group" : nil, product.period == nil ? "period" : nil]
                .compactMap { $0 }
            guard !missing.isEmpty else { return nil }
            let keys = missing.count == 2 ? "neither 'group' nor 'period'" : "no '\(missing[0])'"
            let fixes = missing.map { $0 == "group" ? "'group: <subscription group>'" : "'period: P1M'" }
            return finding("auto-renewable '\(product.id.value)' has \(keys)", at: product.id.span,
                           help: "add \(fixes.joined(separator: " and ")) (periods: P1W, P1M, P2M, P3M, P6M, P1Y)")
        }
    }
}
