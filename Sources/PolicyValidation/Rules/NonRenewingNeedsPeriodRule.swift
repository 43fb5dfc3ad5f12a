import Diagnostics
import PolicyModel
import TollgateEvaluation

/// A non-renewing subscription needs a period and belongs to no subscription group.
struct NonRenewingNeedsPeriodRule: Rule {
    static let id = "non-renewing-needs-period"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "a non-renewing subscription has no 'period', or is put in a subscription group"
    static let explanation = """
        A non-renewing subscription (a season pass, an exam pass) gives access for a fixed time that the \
        app itself tracks, so the policy must say how long ('period: P3M'). Subscription groups are for \
        auto-renewable subscriptions only; the stores do not put non-renewing products in them. Add the \
        period, and remove 'group:'.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.products.filter { $0.type.value == .nonRenewing }.flatMap { product in
            var findings: [Diagnostic] = []
            if product.period == nil {
                findings.append(finding("non-renewing '\(product.id.value)' has no 'period'", at: product.id.span,
                                        help: "add how long one purchase lasts, e.g. 'period: P3M'"))
            }
            if let group = product.group {
                findings.append(finding(
                    "non-renewing '\(product.id.value)' is in subscription group '\(group.value)'", at: group.span,
                    help: "remove 'group:'; subscription groups hold only auto-renewable subscriptions"))
            }
            return findings
        }
    }
}
