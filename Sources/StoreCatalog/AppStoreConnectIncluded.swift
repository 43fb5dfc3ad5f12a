import JSON
import PolicyModel

/// The `included` resources of a JSON:API response, found by type and id, and what the readers take from them:
/// localizations, intro offers and prices. A relationship whose resources are not included tells nothing.
struct AppStoreConnectIncluded {
    let document: CatalogDocument
    private var resources: [Key: JSONNode] = [:]
    /// The included resources in file order.
    private var ordered: [JSONNode] = []
    private var types: Set<String> = []

    private struct Key: Hashable {
        var type: String
        var id: String
    }

    init(document: CatalogDocument, root: JSONNode) throws(CatalogError) {
        self.document = document
        for resource in try document.list(root, "included", in: "the response") {
            let resource = try document.object(resource, "a resource in 'included'")
            let type = try document.string(resource, "type", in: "a resource in 'included'")
            let id = try document.string(resource, "id", in: "an included resource of type '\(type.value)'")
            types.insert(type.value)
            ordered.append(resource)
            let key = Key(type: type.value, id: id.value)
            if resources[key] == nil { resources[key] = resource }
        }
    }

    /// Whether any included resource has `type`: the request asked for that kind of resource.
    func has(_ type: String) -> Bool { types.contains(type) }

    /// The linkages (`{type, id}`) of relationship `name` of `resource`; nil when the response does not say
    /// (no relationship, or one with `links` only), empty for `data: null` or `[]`.
    func linkages(of resource: JSONNode, _ name: String, in what: String) throws(CatalogError) -> [JSONNode]? {
        guard let relationship = resource["relationships"]?[name], let data = relationship["data"] else { return nil }
        if data.isNull { return [] }
        if data.members != nil { return [data] }
        guard let elements = data.elements else {
            throw document.error("'relationships.\(name).data' of \(what) must be an object, a list or null, "
                                     + "found \(data.kindName)", at: data)
        }
        return elements
    }

    /// The included resource a linkage points to; nil when it is not included.
    func resource(_ linkage: JSONNode, in what: String) throws(CatalogError) -> JSONNode? {
        let linkage = try document.object(linkage, "a relationship of \(what)")
        let type = try document.string(linkage, "type", in: "a relationship of \(what)")
        let id = try document.string(linkage, "id", in: "a relationship of \(what)")
        return resources[Key(type: type.value, id: id.value)]
    }

    /// The included resources relationship `name` of `resource` points to, in its order.
    func related(_ resource: JSONNode, _ name: String, in what: String) throws(CatalogError) -> [JSONNode] {
        var related: [JSONNode] = []
        for linkage in try linkages(of: resource, name, in: what) ?? [] {
            if let target = try self.resource(linkage, in: what) { related.append(target) }
        }
        return related
    }

    /// The included resources relationship `name` of `resource` points to, then the included resources of type
    /// `type` whose relationship `back` points to `resource`: a related response saved with `include=<back>` and
    /// joined into `included` (such as a subscription's `introductoryOffers?include=subscription`) is linked so.
    func related(_ resource: JSONNode, _ name: String, ofType type: String, linkedBy back: String, in what: String)
        throws(CatalogError) -> [JSONNode] {
        var found = try related(resource, name, in: what)
        guard let id = resource["id"]?.string, let ownType = resource["type"]?.string else { return found }
        for candidate in ordered where candidate["type"]?.string == type {
            let link = candidate["relationships"]?[back]?["data"]
            guard link?["type"]?.string == ownType, link?["id"]?.string == id,
                  !found.contains(where: { $0.offset == candidate.offset }) else { continue }
            found.append(candidate)
        }
        return found
    }

    /// The included localizations (`{ locale, name, description }`) of type `type` that relationship `type` of
    /// `resource` points to, or whose relationship `back` points to `resource`.
    func localizations(of resource: JSONNode, _ type: String, linkedBy back: String, in what: String)
        throws(CatalogError) -> [CatalogLocalization] {
        var localizations: [CatalogLocalization] = []
        for localization in try related(resource, type, ofType: type, linkedBy: back, in: what) {
            let localizationWhat = "a localization of \(what)"
            let attributes = try document.object(localization["attributes"] ?? localization,
                                                 "'attributes' of \(localizationWhat)")
            localizations.append(CatalogLocalization(
                locale: try document.string(attributes, "locale", in: localizationWhat),
                displayName: try document.optionalString(attributes, "name", in: localizationWhat),
                description: try document.optionalString(attributes, "description", in: localizationWhat)))
        }
        return localizations
    }

    /// A product's prices by currency: the included prices (`inAppPurchasePrices` of its included
    /// `iapPriceSchedule`'s `manualPrices` and `automaticPrices`, or a subscription's `subscriptionPrices`), each
    /// with its included price point (`customerPrice`) and territory (`currency`). A price without a known
    /// currency is left out; a price with no `startDate` comes before one scheduled from a date.
    func prices(of product: JSONNode, in what: String) throws(CatalogError) -> [String: Located<String>] {
        var prices: [JSONNode] = []
        for schedule in try related(product, "iapPriceSchedule", in: what) {
            prices += try related(schedule, "manualPrices", in: "the price schedule of \(what)")
            prices += try related(schedule, "automaticPrices", in: "the price schedule of \(what)")
        }
        prices += try related(product, "prices", in: what)
        let unscheduled = prices.filter { ($0["attributes"]?["startDate"]?.isNull ?? true) }
        let scheduled = prices.filter { !($0["attributes"]?["startDate"]?.isNull ?? true) }
        var byCurrency = RegionalPrices()
        for price in unscheduled + scheduled {
            let point = price["type"]?.string == "subscriptionPrices" ? "subscriptionPricePoint"
                : "inAppPurchasePricePoint"
            if let found = try self.price(of: price, point: point, in: "a price of \(what)") {
                byCurrency.add(found)
            }
        }
        return byCurrency.byCurrency
    }

    /// The price `holder`'s relationship `point` leads to: the price point's `customerPrice` in the currency of
    /// the holder's (or else the price point's) included territory; nil when either is not included.
    func price(of holder: JSONNode, point name: String, in what: String)
        throws(CatalogError) -> RegionalPrice? {
        guard let point = try related(holder, name, in: what).first else { return nil }
        let territories = try related(holder, "territory", in: what) + related(point, "territory", in: what)
        guard let territory = territories.first,
              let currency = try territory["attributes"].flatMap({ attributes throws(CatalogError) in
                  try document.optionalString(attributes, "currency", in: "a territory")
              }) else { return nil }
        let pointWhat = "a price point of \(what)"
        let attributes = try document.object(point["attributes"] ?? point, "'attributes' of \(pointWhat)")
        let amount = try document.string(attributes, "customerPrice", in: pointWhat)
        guard RegionalPrices.isDecimal(amount.value) else {
            throw document.error("'customerPrice' of \(pointWhat) must be a decimal number such as \"4.99\"; "
                                     + "found \"\(amount.value)\"", at: attributes["customerPrice"] ?? point)
        }
        return RegionalPrice(region: territory["id"]?.string ?? "", currency: currency.value, amount: amount)
    }
}
