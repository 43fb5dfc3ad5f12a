import JSON
import PolicyModel
import TollgateEvaluation

extension AppStoreConnectReader {
    /// `subscriptionPeriod` spelt as ISO 8601 durations.
    static let periods: KeyValuePairs<String, String> = [
        "ONE_WEEK": "P1W", "ONE_MONTH": "P1M", "TWO_MONTHS": "P2M", "THREE_MONTHS": "P3M", "SIX_MONTHS": "P6M",
        "ONE_YEAR": "P1Y",
    ]

    /// An intro offer's `duration` spelt as ISO 8601 durations.
    static let offerDurations: KeyValuePairs<String, String> = [
        "THREE_DAYS": "P3D", "ONE_WEEK": "P1W", "TWO_WEEKS": "P2W", "ONE_MONTH": "P1M", "TWO_MONTHS": "P2M",
        "THREE_MONTHS": "P3M", "SIX_MONTHS": "P6M", "ONE_YEAR": "P1Y",
    ]

    static let offerModes: KeyValuePairs<String, IntroOfferType> = [
        "FREE_TRIAL": .freeTrial, "PAY_AS_YOU_GO": .payAsYouGo, "PAY_UP_FRONT": .payUpFront,
    ]

    /// The groups of `GET /v1/apps/{id}/subscriptionGroups?include=subscriptions` and their included subscriptions,
    /// in the order each group lists them.
    func subscriptionGroups(_ resources: [JSONNode], _ included: AppStoreConnectIncluded) throws(CatalogError)
        -> StoreCatalog {
        var groups: [CatalogGroup] = []
        var products: [CatalogProduct] = []
        for resource in resources {
            let id = try document.string(resource, "id", in: "a subscription group")
            let what = "subscription group '\(id.value)'"
            let attributes = try resource["attributes"].map { node throws(CatalogError) in
                try document.object(node, "'attributes' of \(what)")
            }
            let name = try attributes.flatMap { node throws(CatalogError) in
                try document.optionalString(node, "referenceName", in: what)
            }
            groups.append(CatalogGroup(
                id: id, name: name,
                localizations: try included.localizations(of: resource, "subscriptionGroupLocalizations",
                                                      linkedBy: "subscriptionGroup", in: what),
                span: document.span(resource)))
            for subscription in try subscriptions(of: resource, what, included) {
                products.append(try product(subscription, group: id, included))
            }
        }
        var facts: Set<StoreCatalog.Fact> = [.groups, .levels, .periods]
        if included.has("subscriptionIntroductoryOffers") { facts.insert(.introOffers) }
        if included.has("subscriptionLocalizations") { facts.insert(.localizations) }
        if products.contains(where: { !$0.prices.isEmpty }) { facts.insert(.prices) }
        return StoreCatalog(file: document.file, source: .appStoreConnectSubscriptionGroups, facts: facts,
                            products: products, groups: groups)
    }

    /// The included subscriptions a group lists; a group that lists none of them, or only some, is an error,
    /// since the products it leaves out would look missing from the store.
    private func subscriptions(of group: JSONNode, _ what: String, _ included: AppStoreConnectIncluded)
        throws(CatalogError) -> [JSONNode] {
        guard let linkages = try included.linkages(of: group, "subscriptions", in: what) else {
            throw document.error("\(what) does not list its subscriptions; save the response of GET "
                                     + "/v1/apps/{id}/subscriptionGroups?include=subscriptions", at: group,
                                 as: CatalogError.incomplete)
        }
        if let paging = group["relationships"]?["subscriptions"]?["meta"]?["paging"],
           let total = try document.optionalInt(paging, "total", in: "the paging of \(what)'s subscriptions"),
           total.value > linkages.count {
            throw located("\(what) lists \(linkages.count) of its \(total.value) subscriptions; save the response "
                              + "with limit[subscriptions]=50, the most App Store Connect includes", at: total,
                          as: CatalogError.incomplete)
        }
        var subscriptions: [JSONNode] = []
        for linkage in linkages {
            guard let subscription = try included.resource(linkage, in: what) else {
                throw document.error("\(what) lists a subscription that is not in 'included'; save the response "
                                         + "of GET /v1/apps/{id}/subscriptionGroups?include=subscriptions",
                                     at: linkage, as: CatalogError.incomplete)
            }
            subscriptions.append(subscription)
        }
        return subscriptions
    }

    /// One included subscription as an auto-renewable product of `group`.
    private func product(_ resource: JSONNode, group: Located<String>, _ included: AppStoreConnectIncluded)
        throws(CatalogError) -> CatalogProduct {
        let (id, attributes) = try self.attributes(of: resource, "subscription")
        let what = "subscription '\(id.value)'"
        let productID = try self.productID(resource, attributes, what)
        let period: Located<String>? = if attributes["subscriptionPeriod"].map({ !$0.isNull }) ?? false {
            try document.value(attributes, "subscriptionPeriod", in: what, Self.periods)
        } else {
            nil
        }
        return CatalogProduct(
            id: productID, type: Located(.autoRenewable, at: productID.span), group: group,
            level: try document.optionalInt(attributes, "groupLevel", in: what), period: period,
            introOffer: try introOffer(of: resource, what, included),
            prices: try included.prices(of: resource, in: what),
            localizations: try included.localizations(of: resource, "subscriptionLocalizations",
                                                      linkedBy: "subscription", in: what),
            referenceName: try document.optionalString(attributes, "name", in: what)?.value,
            span: document.span(resource))
    }

    /// The subscription's introductory offer from the included `subscriptionIntroductoryOffers` (one per
    /// territory) it lists or that name it: its mode, duration and count from the first, its prices from all.
    private func introOffer(of subscription: JSONNode, _ what: String, _ included: AppStoreConnectIncluded)
        throws(CatalogError) -> CatalogIntroOffer? {
        let offers = try included.related(subscription, "introductoryOffers",
                                          ofType: "subscriptionIntroductoryOffers", linkedBy: "subscription", in: what)
        guard let first = offers.first else { return nil }
        let offerWhat = "an introductory offer of \(what)"
        let attributes = try document.object(first["attributes"] ?? first, "'attributes' of \(offerWhat)")
        let type = try document.value(attributes, "offerMode", in: offerWhat, Self.offerModes)
        let period = try document.value(attributes, "duration", in: offerWhat, Self.offerDurations)
        var prices = RegionalPrices()
        if type.value != .freeTrial {
            for offer in offers {
                if let price = try included.price(of: offer, point: "subscriptionPricePoint", in: offerWhat) {
                    prices.add(price)
                }
            }
        }
        return CatalogIntroOffer(type: type, period: period,
                                 periods: try document.optionalInt(attributes, "numberOfPeriods", in: offerWhat),
                                 prices: prices.byCurrency, span: document.span(first))
    }
}
