package import Diagnostics
package import PolicyModel
package import TollgateEvaluation

/// The products and experiments an app published before, for the rules that keep product ids and users'
/// variants stable: from the policy store (`validate --db`) or from an older copy of the policies
/// (`validate --baseline`).
package struct ProductBaseline: Hashable, Sendable {
    /// The type each product id was published with, as spelt in policy files.
    package var types: [String: String]
    /// Ids published once and missing from the newest published version.
    package var removed: Set<String>
    /// The published experiments by id, as the bundle carries them, for `experiment-reassigns-users`.
    package var experiments: [String: PolicyBundle.Experiment]
    /// Where the baseline comes from, for messages: "the store .tollgate/store.sqlite (version 4)".
    package var source: String

    package init(types: [String: String], removed: Set<String> = [],
                 experiments: [String: PolicyBundle.Experiment] = [:], source: String) {
        self.types = types
        self.removed = removed
        self.experiments = experiments
        self.source = source
    }
}

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
