import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Product ids should start with the app's bundle id, the convention that keeps ids unique across apps.
struct ProductIDPrefixRule: Rule {
    static let id = "product-id-prefix"
    static let severity = Severity.warning
    static let category = "products"
    static let summary = "a product id does not start with the app's bundle id"
    static let explanation = """
        Product ids are unique across all of a developer's apps and can never be reused, so the \
        convention is to prefix them with the bundle id (com.example.app.premium.monthly). An id without \
        the prefix may clash with another app's product later. The check runs when 'app.bundle_id' is set, on \
        the products sold on the App Store (not those with 'stores: [play]').
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        guard let bundleID = app.policy.app.bundleID?.value else { return [] }
        // Filtered in one pass, so that only the products reported are copied, not every one sold.
        let policy = app.policy
        return policy.products.filter { product in
            !product.id.value.hasPrefix(bundleID + ".") && policy.marketplaces(of: product).contains(.appStore)
        }.map { product in
            finding("product id '\(product.id.value)' does not start with the bundle id '\(bundleID)'",
                    at: product.id.span, help: "name it '\(bundleID).<name>' before it is first published")
        }
    }
}
