import Diagnostics
import PolicyModel
import TollgateEvaluation

/// A product's `stores` names only stores the app is in, and at least one.
struct ProductStoreUndeclaredRule: Rule {
    static let id = "product-store-undeclared"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "a product's stores name a store the app is not in, or none"
    static let explanation = """
        An app is on the App Store when its policy has a bundle_id, and on Google Play when it has a \
        package_name. A product is sold in every store its app is in unless its 'stores' list says otherwise \
        ('stores: [app-store]' or 'stores: [play]'). A store the app is not in cannot sell the product, and an \
        empty list sells it nowhere: declare the app's bundle_id or package_name, or name only stores the app \
        is in.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let declared = app.policy.declaredMarketplaces
        return app.policy.products.flatMap { product -> [Diagnostic] in
            guard let stores = product.stores else { return [] }
            guard !stores.isEmpty else {
                return [finding("product '\(product.id.value)' lists no store, so no store sells it", at: product.span,
                                help: "name the stores that sell it, such as 'stores: [app-store]', or remove 'stores' "
                                    + "to sell it in every store the app is in")]
            }
            return stores.filter { !declared.contains($0.value) }.map { store in
                let key = store.value == .appStore ? "bundle_id" : "package_name"
                return finding("product '\(product.id.value)' is sold on '\(store.value.rawValue)', but the app has no "
                                   + "\(key), so it is not in that store", at: store.span,
                               help: "add 'app.\(key)', or remove '\(store.value.rawValue)' from the product's stores")
            }
        }
    }
}
