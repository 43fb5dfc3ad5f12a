import JSON
import PolicyModel
import TollgateEvaluation

extension PlayReader {
    private static let purchaseTypes: KeyValuePairs<String, ProductType> = [
        "managedUser": .nonConsumable, "subscription": .autoRenewable,
    ]

    /// The legacy `inappproducts.list` (or one `InAppProduct`): `managedUser` products are one-time products
    /// (`.nonConsumable`, `tellsConsumability` false), `subscription` products auto-renewable with their
    /// `subscriptionPeriod` and a free trial from `trialPeriod`. This API has no groups and shows no intro prices,
    /// so neither groups nor intro offers are told.
    func inAppProducts(_ items: [JSONNode]) throws(CatalogError) -> StoreCatalog {
        let items = try objects(items, "an in-app product")
        var products: [CatalogProduct] = []
        for item in items {
            let sku = try document.string(item, "sku", in: "an in-app product")
            let what = "in-app product '\(sku.value)'"
            let type = try document.value(item, "purchaseType", in: what, Self.purchaseTypes)
            var period: Located<String>?
            var introOffer: CatalogIntroOffer?
            if type.value == .autoRenewable {
                period = try duration(item, "subscriptionPeriod", in: what)
                if item["trialPeriod"].map({ !$0.isNull }) ?? false {
                    let trial = try duration(item, "trialPeriod", in: what)
                    introOffer = CatalogIntroOffer(type: Located(.freeTrial, at: trial.span), period: trial,
                                                   span: trial.span)
                }
            }
            products.append(CatalogProduct(
                id: sku, type: type, period: period, introOffer: introOffer, prices: try prices(of: item, in: what),
                localizations: try localizations(of: item, in: what),
                tellsConsumability: type.value != .nonConsumable, span: document.span(item)))
        }
        var facts: Set<StoreCatalog.Fact> = []
        if products.contains(where: { $0.type.value == .autoRenewable }) { facts.insert(.periods) }
        if products.contains(where: { !$0.prices.isEmpty }) { facts.insert(.prices) }
        if products.contains(where: { !$0.localizations.isEmpty }) { facts.insert(.localizations) }
        return StoreCatalog(file: document.file, source: .playInAppProducts, facts: facts, products: products,
                            packageName: try packageName(of: items, "an in-app product"))
    }

    /// `defaultPrice` and the `prices` by region, each `{ priceMicros, currency }`.
    private func prices(of item: JSONNode, in what: String) throws(CatalogError) -> [String: Located<String>] {
        var prices = RegionalPrices()
        if let price = item["defaultPrice"], !price.isNull {
            prices.add(try micros(price, region: "", in: what))
        }
        if let regions = item["prices"], !regions.isNull {
            for member in try document.object(regions, "'prices' of \(what)").members ?? [] {
                prices.add(try micros(member.value, region: member.name, in: "\(what) in \(member.name)"))
            }
        }
        return prices.byCurrency
    }

    /// `listings`, an object by locale of `{ title, description }`.
    private func localizations(of item: JSONNode, in what: String) throws(CatalogError) -> [CatalogLocalization] {
        guard let listings = item["listings"], !listings.isNull else { return [] }
        var localizations: [CatalogLocalization] = []
        for member in try document.object(listings, "'listings' of \(what)").members ?? [] {
            let listingWhat = "the '\(member.name)' listing of \(what)"
            let listing = try document.object(member.value, listingWhat)
            localizations.append(CatalogLocalization(
                locale: Located(member.name, at: document.span(offset: member.nameOffset)),
                displayName: try document.optionalString(listing, "title", in: listingWhat),
                description: try document.optionalString(listing, "description", in: listingWhat)))
        }
        return localizations
    }
}
