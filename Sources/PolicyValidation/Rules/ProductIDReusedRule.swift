import Diagnostics
import PolicyModel

/// A product id that was published and then removed may not come back.
struct ProductIDReusedRule: Rule {
    static let id = "product-id-reused"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "a product id that was published and removed is used again"
    static let explanation = """
        The stores never let a product id be used again, even after the product is deleted, and users' \
        receipts keep naming it: an id that comes back would mix old purchases with a new product. A \
        product removed from a published version stays retired. Checked against the policy store \
        ('validate --db FILE'), which remembers every id ever published. Give the product a new id.
        """

    /// The published products by app id.
    let baselines: [String: ProductBaseline]

    func check(_ app: AppSources) -> [Diagnostic] {
        guard let baseline = baselines[app.policy.app.id.value] else { return [] }
        return app.policy.products.filter { baseline.removed.contains($0.id.value) }.map { product in
            Self.finding(product, source: baseline.source)
        }
    }

    /// The finding for `product`, whose id `source` says was published and later removed: the one
    /// wording of validation and of a publish the store refused.
    static func finding(_ product: Product, source: String) -> Diagnostic {
        Diagnostic(rule: id, severity: severity,
                   message: "product id '\(product.id.value)' was published and later removed (\(source)); "
                       + "product ids cannot be used again",
                   span: product.id.span, help: "give this product a new id, such as '\(product.id.value).v2'")
    }
}
