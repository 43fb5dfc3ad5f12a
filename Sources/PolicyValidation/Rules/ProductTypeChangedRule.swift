import Diagnostics
import PolicyModel
import TollgateEvaluation

/// A product id once published keeps its type.
struct ProductTypeChangedRule: Rule {
    static let id = "product-type-changed"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "a published product's type changed"
    static let explanation = """
        App Store Connect and Google Play fix a product's type when it is created: a non-consumable cannot \
        become a subscription, nor a consumable a non-consumable. A policy that changes the type of a \
        published id describes a product the store does not have, and every user who bought it would be \
        judged by the wrong rules. Checked against the policy store ('validate --db FILE') or an older copy \
        of the policies ('validate --baseline PATH', such as main's Policies/ in a pull request). Keep the \
        type, or sell the new kind of product under a new id.
        """

    /// The published products by app id.
    let baselines: [String: ProductBaseline]

    func check(_ app: AppSources) -> [Diagnostic] {
        guard let baseline = baselines[app.policy.app.id.value] else { return [] }
        return app.policy.products.compactMap { product in
            guard let published = baseline.types[product.id.value], published != product.type.value.rawValue else {
                return nil
            }
            return Self.finding(product, published: published, source: baseline.source)
        }
    }

    /// The finding for `product`, which `source` says was published with type `published`: the one
    /// wording of validation and of a publish the store refused.
    static func finding(_ product: Product, published: String, source: String) -> Diagnostic {
        Diagnostic(rule: id, severity: severity,
                   message: "product '\(product.id.value)' was published as '\(published)' (\(source)); "
                       + "its type cannot change to '\(product.type.value.rawValue)'",
                   span: product.type.span,
                   help: "keep 'type: \(published)', or sell the new kind of product under a new id")
    }
}
