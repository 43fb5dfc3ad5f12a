import TollgateEvaluation

extension Policy {
    /// The stores the app declares: the App Store with a `bundle_id`, Google Play with a `package_name`.
    package var declaredMarketplaces: [Marketplace] {
        (app.bundleID == nil ? [] : [.appStore]) + (app.packageName == nil ? [] : [.play])
    }

    /// The stores that sell `product`: its own `stores`, or else every store the app declares.
    package func marketplaces(of product: Product) -> [Marketplace] {
        product.stores.map { Array(Set($0.map(\.value))).sorted() } ?? declaredMarketplaces
    }

    /// The products `marketplace` sells, in policy order.
    package func products(soldIn marketplace: Marketplace) -> [Product] {
        products.filter { marketplaces(of: $0).contains(marketplace) }
    }
}
