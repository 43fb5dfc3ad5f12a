import Diagnostics
import JSON
import PolicyModel
import TollgateEvaluation

/// Reads an App Store Connect API response saved as JSON (JSON:API: `data`, `included`, `links`, `meta`): the
/// in-app purchases of `GET /v1/apps/{id}/inAppPurchasesV2` or the subscription groups of
/// `GET /v1/apps/{id}/subscriptionGroups?include=subscriptions`, with whatever `included` adds (localizations,
/// intro offers, prices). What the response does not include is unknown, and `facts` says so.
struct AppStoreConnectReader {
    let document: CatalogDocument

    /// The responses this reader accepts, for errors about any other.
    static let endpoints = """
        the response of GET /v1/apps/{id}/inAppPurchasesV2 (resources of type 'inAppPurchases') or of \
        GET /v1/apps/{id}/subscriptionGroups?include=subscriptions (type 'subscriptionGroups')
        """

    func catalog() throws(CatalogError) -> StoreCatalog {
        let root = document.root
        guard let data = root["data"] else { throw document.error("no 'data'; expected \(Self.endpoints)", at: root, as: CatalogError.notACatalog)
        }
        let resources: [JSONNode]
        if data.members != nil {
            resources = [data]
        } else if let elements = data.elements {
            resources = elements
        } else {
            throw document.error("'data' must be a resource or a list of resources, found \(data.kindName)", at: data)
        }
        let included = try AppStoreConnectIncluded(document: document, root: root)
        var catalog: StoreCatalog
        switch try endpoint(of: resources, data: data) {
        case .appStoreConnectSubscriptionGroups:
            catalog = try subscriptionGroups(resources, included)
        default:
            catalog = try inAppPurchases(resources, included)
        }
        if let next = root["links"]?["next"], next.string != nil {
            catalog.notes.append(CatalogNote(.products, "this response is one page of several ('links.next' is set): "
                + "products on the other pages are not in this file; save every page and join their 'data'"))
        }
        return catalog
    }

    /// Which endpoint the resources come from, told by their `type`; an empty list is told by `links.self`.
    private func endpoint(of resources: [JSONNode], data: JSONNode) throws(CatalogError) -> StoreCatalog.Source {
        guard let first = resources.first else {
            let link = document.root["links"]?["self"]?.string ?? ""
            if link.contains("/subscriptionGroups") { return .appStoreConnectSubscriptionGroups }
            if link.contains("/inAppPurchases") { return .appStoreConnectInAppPurchases }
            throw document.error("an empty 'data' list without 'links.self' does not say which endpoint it is "
                                     + "from; expected \(Self.endpoints)", at: data, as: CatalogError.notACatalog)
        }
        let type = try resourceType(first)
        let source: StoreCatalog.Source
        switch type.value {
        case "inAppPurchases": source = .appStoreConnectInAppPurchases
        case "subscriptionGroups": source = .appStoreConnectSubscriptionGroups
        default:
            throw located("resources of type '\(type.value)' are not a store catalog; expected \(Self.endpoints)",
                          at: type, as: CatalogError.notACatalog)
        }
        for resource in resources.dropFirst() {
            let other = try resourceType(resource)
            guard other.value == type.value else {
                throw located("'data' mixes resources of type '\(type.value)' and '\(other.value)'; expected "
                                  + "\(Self.endpoints)", at: other, as: CatalogError.inconsistent)
            }
        }
        return source
    }

    /// The `type` of a resource in `data`.
    private func resourceType(_ resource: JSONNode) throws(CatalogError) -> Located<String> {
        let resource = try document.object(resource, "a resource in 'data'")
        return try document.string(resource, "type", in: "a resource in 'data'")
    }

    /// The in-app purchases of `GET /v1/apps/{id}/inAppPurchasesV2`.
    private func inAppPurchases(_ resources: [JSONNode], _ included: AppStoreConnectIncluded) throws(CatalogError)
        -> StoreCatalog {
        let types: KeyValuePairs<String, ProductType> = [
            "CONSUMABLE": .consumable, "NON_CONSUMABLE": .nonConsumable, "NON_RENEWING_SUBSCRIPTION": .nonRenewing,
        ]
        var products: [CatalogProduct] = []
        for resource in resources {
            let (id, attributes) = try self.attributes(of: resource, "in-app purchase")
            let what = "in-app purchase '\(id.value)'"
            let productID = try self.productID(resource, attributes, what)
            let type = try document.value(attributes, "inAppPurchaseType", in: what, types)
            let localizations = try included.localizations(of: resource, "inAppPurchaseLocalizations",
                                                             linkedBy: "inAppPurchaseV2", in: what)
            let prices = try included.prices(of: resource, in: what)
            products.append(CatalogProduct(
                id: productID, type: type, prices: prices, localizations: localizations,
                referenceName: try document.optionalString(attributes, "name", in: what)?.value,
                span: document.span(resource)))
        }
        var facts: Set<StoreCatalog.Fact> = []
        if included.has("inAppPurchaseLocalizations") { facts.insert(.localizations) }
        if products.contains(where: { !$0.prices.isEmpty }) { facts.insert(.prices) }
        return StoreCatalog(file: document.file, source: .appStoreConnectInAppPurchases, facts: facts,
                            products: products)
    }

    /// A resource's `id` and `attributes`.
    func attributes(of resource: JSONNode, _ kind: String) throws(CatalogError)
        -> (id: Located<String>, attributes: JSONNode) {
        let id = try document.string(resource, "id", in: "a resource of type '\(resource["type"]?.string ?? "")'")
        guard let attributes = resource["attributes"], !attributes.isNull else {
            throw document.error("\(kind) '\(id.value)' has no 'attributes'; expected an object with 'productId'",
                                 at: resource, as: CatalogError.missingMember)
        }
        return (id, try document.object(attributes, "'attributes' of \(kind) '\(id.value)'"))
    }

    /// The `productId` attribute, which every product must have.
    func productID(_ resource: JSONNode, _ attributes: JSONNode, _ what: String) throws(CatalogError)
        -> Located<String> {
        guard let productID = try document.optionalString(attributes, "productId", in: what) else {
            throw document.error("\(what) has no 'productId' in its 'attributes'; expected the product id as a "
                                     + "string", at: resource, as: CatalogError.missingMember)
        }
        return productID
    }

    /// An error of `kind` (an invalid value unless told) at a located value.
    func located<Value>(_ problem: String, at value: Located<Value>,
                        as kind: (CatalogError.Location, String) -> CatalogError = CatalogError.invalidValue)
        -> CatalogError {
        document.error(problem, at: value.span, as: kind)
    }
}
