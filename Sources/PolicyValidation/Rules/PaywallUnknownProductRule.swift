import Diagnostics
import PolicyModel

/// Every product a paywall lists must be declared under `products:`.
struct PaywallUnknownProductRule: Rule {
    static let id = "paywall-unknown-product"
    static let severity = Severity.error
    static let category = "paywalls"
    static let summary = "a paywall lists a product that is not declared"
    static let explanation = """
        A paywall names its products by id. An id that matches no product, usually a typo or a renamed \
        product, would leave a hole in the paywall or a button that sells nothing. Fix the id (the message \
        suggests the closest one) or declare the product.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let declared = Set(app.policy.products.map(\.id.value))
        let known = app.policy.suggestableProductIDs
        return app.policy.paywalls.flatMap { paywall in
            paywall.products.filter { !declared.contains($0.value) }.map { product in
                finding("paywall '\(paywall.id.value)' lists unknown product '\(product.value)'", at: product.span,
                        help: Suggestion.didYouMean(product.value, in: known)
                            ?? "declare it under 'products:' or remove it from the paywall")
            }
        }
    }
}
