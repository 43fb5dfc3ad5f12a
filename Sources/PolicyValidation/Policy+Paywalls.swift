import PolicyModel

extension Policy {
    /// The products `paywall` shows that the policy declares, in paywall order.
    func products(on paywall: Paywall) -> [Product] {
        paywall.products.compactMap { product($0.value) }
    }

    /// The product types `paywall` shows, each once, in the order they first appear on it.
    func productTypes(on paywall: Paywall) -> [ProductType] {
        var types: [ProductType] = []
        for product in products(on: paywall) where !types.contains(product.type.value) {
            types.append(product.type.value)
        }
        return types
    }
}
