import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// A subscription's billing period is its store's.
struct CatalogPeriodMismatchRule: CatalogRule {
    static let id = "catalog-period-mismatch"
    static let severity = Severity.error
    static let category = "catalog"
    static let summary = "the billing period differs"
    static let explanation = """
        The store fixes a subscription's billing period ('recurringSubscriptionPeriod' in a .storekit file, \
        'subscriptionPeriod' in App Store Connect, a base plan's 'billingPeriodDuration' on Google Play). A \
        policy with another period shows the wrong renewal terms in the disclosure and compares prices per \
        month wrongly. Periods are compared as ISO 8601 durations, so 'P1Y' is not 'P12M'. A catalog that \
        gives no period says nothing: a .storekit file has none for non-renewing subscriptions. Set the \
        policy's 'period' to the store's.
        """

    let catalogs: [String: [StoreCatalog]]

    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        comparison.matches.compactMap { match in
            guard match.catalog.tells(.periods), let period = match.product.period, let listed = match.listed.period,
                  let ours = match.product.duration, let theirs = match.listed.duration, ours != theirs else {
                return nil
            }
            return finding(
                "product '\(match.product.id.value)' has the period '\(period.value)' in the policy but "
                    + "'\(listed.value)' in \(match.catalog.described)",
                at: period.span, help: "set 'period: \(listed.value)'",
                related: [.init(span: listed.span, message: "'\(listed.value)' listed")])
        }
    }
}
