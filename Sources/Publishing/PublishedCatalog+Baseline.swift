package import PolicyValidation
package import Store

extension PublishedCatalog {
    /// The catalog as the product-id rules read it; `source` says where it comes from, for messages.
    package func baseline(source: String) -> ProductBaseline {
        ProductBaseline(types: products.mapValues(\.type),
                        removed: Set(products.values.filter { $0.lastVersion < latestVersion }.map(\.id)),
                        source: source)
    }
}
