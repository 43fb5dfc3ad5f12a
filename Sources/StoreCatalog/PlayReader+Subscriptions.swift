import JSON
import PolicyModel
import TollgateEvaluation

extension PlayReader {
    /// The kinds of base plan, the type each sells, and what each is called in errors.
    private static let basePlanTypes: [(member: String, type: ProductType)] = [
        ("autoRenewingBasePlanType", .autoRenewable), ("prepaidBasePlanType", .nonRenewing),
        ("installmentsBasePlanType", .autoRenewable),
    ]

    /// `monetization.subscriptions.list` (or one `Subscription`): each base plan is a product
    /// `<productId>:<basePlanId>` in the group of its subscription. Offers are separate API objects, so intro
    /// offers are unknown; Play has no levels.
    func subscriptions(_ items: [JSONNode]) throws(CatalogError) -> StoreCatalog {
        let items = try objects(items, "a subscription")
        var groups: [CatalogGroup] = []
        var products: [CatalogProduct] = []
        for item in items {
            let productID = try document.string(item, "productId", in: "a subscription")
            let what = "subscription '\(productID.value)'"
            let listings = try listings(of: item, in: what)
            groups.append(CatalogGroup(id: productID, name: productID, localizations: listings,
                                       span: document.span(item)))
            for basePlan in try document.list(item, "basePlans", in: what) {
                products.append(try product(basePlan, of: productID, listings: listings))
            }
        }
        var facts: Set<StoreCatalog.Fact> = [.groups, .periods]
        if products.contains(where: { !$0.prices.isEmpty }) { facts.insert(.prices) }
        if products.contains(where: { !$0.localizations.isEmpty }) { facts.insert(.localizations) }
        return StoreCatalog(file: document.file, source: .playSubscriptions, facts: facts, products: products,
                            groups: groups, packageName: try packageName(of: items, "a subscription"))
    }

    /// One base plan as a product.
    private func product(_ basePlan: JSONNode, of productID: Located<String>, listings: [CatalogLocalization])
        throws(CatalogError) -> CatalogProduct {
        let basePlan = try document.object(basePlan, "a base plan of subscription '\(productID.value)'")
        let basePlanID = try document.string(basePlan, "basePlanId",
                                             in: "a base plan of subscription '\(productID.value)'")
        let what = "base plan '\(productID.value):\(basePlanID.value)'"
        let kinds = Self.basePlanTypes.filter { basePlan[$0.member].map { !$0.isNull } ?? false }
        guard kinds.count == 1, let kind = kinds.first, let details = basePlan[kind.member] else {
            let names = Self.basePlanTypes.map { "'\($0.member)'" }.joined(separator: ", ")
            throw document.error("\(what) must have exactly one of \(names); found "
                                     + (kinds.isEmpty ? "none" : kinds.map { "'\($0.member)'" }
                                         .joined(separator: " and ")), at: basePlan)
        }
        let kindWhat = "'\(kind.member)' of \(what)"
        let period = try duration(try document.object(details, kindWhat), "billingPeriodDuration", in: kindWhat)
        var prices = RegionalPrices()
        for config in try document.list(basePlan, "regionalConfigs", in: what) {
            let config = try document.object(config, "a regional config of \(what)")
            let region = try document.string(config, "regionCode", in: "a regional config of \(what)")
            guard let price = config["price"], !price.isNull else { continue }
            prices.add(try money(price, region: region.value, in: "\(what) in \(region.value)"))
        }
        if let other = basePlan["otherRegionsConfig"], !other.isNull {
            let other = try document.object(other, "'otherRegionsConfig' of \(what)")
            for name in ["usdPrice", "eurPrice"] {
                guard let price = other[name], !price.isNull else { continue }
                prices.add(try money(price, region: "", in: "\(what) in other regions"))
            }
        }
        return CatalogProduct(
            id: Located("\(productID.value):\(basePlanID.value)", at: basePlanID.span),
            type: Located(kind.type, at: document.span(details)), group: productID, period: period,
            prices: prices.byCurrency, localizations: listings, span: document.span(basePlan))
    }
}
