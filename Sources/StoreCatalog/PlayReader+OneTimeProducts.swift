import JSON
import PolicyModel
import TollgateEvaluation

extension PlayReader {
    /// `monetization.onetimeproducts.list` (or one `OneTimeProduct`). Play does not say whether a one-time product
    /// is consumable (the app decides on purchase), so each is `.nonConsumable` with `tellsConsumability` false.
    /// Prices are those of its buy option (the legacy-compatible one when several).
    func oneTimeProducts(_ items: [JSONNode]) throws(CatalogError) -> StoreCatalog {
        let items = try objects(items, "a one-time product")
        var products: [CatalogProduct] = []
        for item in items {
            let productID = try document.string(item, "productId", in: "a one-time product")
            let what = "one-time product '\(productID.value)'"
            var prices = RegionalPrices()
            if let option = try buyOption(of: item, in: what) {
                let optionWhat = "a purchase option of \(what)"
                for config in try document.list(option, "regionalPricingAndAvailabilityConfigs", in: optionWhat) {
                    let config = try document.object(config, "a regional config of \(what)")
                    let region = try document.string(config, "regionCode", in: "a regional config of \(what)")
                    guard let price = config["price"], !price.isNull else { continue }
                    prices.add(try money(price, region: region.value, in: "\(what) in \(region.value)"))
                }
            }
            products.append(CatalogProduct(
                id: productID, type: Located(.nonConsumable, at: productID.span), prices: prices.byCurrency,
                localizations: try listings(of: item, in: what), tellsConsumability: false,
                span: document.span(item)))
        }
        var facts: Set<StoreCatalog.Fact> = []
        if products.contains(where: { !$0.prices.isEmpty }) { facts.insert(.prices) }
        if products.contains(where: { !$0.localizations.isEmpty }) { facts.insert(.localizations) }
        return StoreCatalog(file: document.file, source: .playOneTimeProducts, facts: facts, products: products,
                            packageName: try packageName(of: items, "a one-time product"))
    }

    /// The purchase option whose prices are the product's: the legacy-compatible buy option, else the first buy
    /// option; rent options are not the product's price.
    private func buyOption(of item: JSONNode, in what: String) throws(CatalogError) -> JSONNode? {
        var buyOptions: [JSONNode] = []
        for option in try document.list(item, "purchaseOptions", in: what) {
            let option = try document.object(option, "a purchase option of \(what)")
            guard let buy = option["buyOption"], !buy.isNull else { continue }
            if try document.object(buy, "'buyOption' of \(what)")["legacyCompatible"]?.bool == true { return option }
            buyOptions.append(option)
        }
        return buyOptions.first
    }
}
