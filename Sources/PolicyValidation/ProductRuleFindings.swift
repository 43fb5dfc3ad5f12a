package import Diagnostics
package import PolicyModel

/// The product-id rules' findings for what was found outside validation, such as a publish the store
/// refused because another publish came first: one wording for both.
package enum ProductRuleFindings {
    /// `product` was published with type `published`, as `source` says.
    package static func typeChanged(_ product: Product, published: String, source: String) -> Diagnostic {
        ProductTypeChangedRule.finding(product, published: published, source: source)
    }

    /// `product`'s id was published and later removed, as `source` says.
    package static func idReused(_ product: Product, source: String) -> Diagnostic {
        ProductIDReusedRule.finding(product, source: source)
    }
}
