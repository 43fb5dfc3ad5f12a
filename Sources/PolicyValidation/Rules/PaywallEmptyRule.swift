import Diagnostics
import PolicyModel

/// A paywall offers at least one product.
struct PaywallEmptyRule: Rule {
    static let id = "paywall-empty"
    static let severity = Severity.error
    static let category = "paywalls"
    static let summary = "a paywall lists no products"
    static let explanation = """
        A paywall with no products renders a screen with nothing to buy; App Review guideline 2.1 rejects \
        in-app purchase flows that do not work. List the products the paywall offers under 'products', or \
        remove the paywall.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.paywalls.filter(\.products.isEmpty).map { paywall in
            finding("paywall '\(paywall.id.value)' offers no products", at: paywall.id.span,
                    help: "list the products it offers under 'products', or remove the paywall")
        }
    }
}
