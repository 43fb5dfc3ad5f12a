import PolicyModel

extension Policy {
    /// The product ids a finding may suggest, in policy order: those `product-id-format` accepts, so that a fix
    /// never swaps one mistake for another.
    var suggestableProductIDs: [String] {
        products.map(\.id.value).filter(ProductIDFormatRule.isValid)
    }
}
