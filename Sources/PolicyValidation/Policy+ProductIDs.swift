import PolicyModel

extension Policy {
    /// The product ids a finding may suggest, in policy order: those `product-id-format` accepts for the stores
    /// that sell them, so that a fix never swaps one mistake for another.
    var suggestableProductIDs: [String] {
        products.map(\.id.value).filter(isSuggestable)
    }

    /// Whether a finding may suggest the product id `id`: `product-id-format` accepts it for the stores that sell
    /// the product of that id (every store for an id the policy does not declare).
    func isSuggestable(_ id: String) -> Bool {
        let onPlay = product(id).map { ProductIDFormatRule.isOnPlay($0, in: self) } ?? true
        return ProductIDFormatRule.isValid(id, onPlay: onPlay)
    }
}
