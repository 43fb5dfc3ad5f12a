import Diagnostics
import JSON
import PolicyModel
import TollgateEvaluation

/// Reads the entries of a `.storekit` file — products, subscription groups and their subscriptions — with prices
/// in the currency of the file's storefront. `place` arguments say where an entry is, for errors before its id is
/// known ("item 2 of 'products'").
struct StoreKitEntries {
    let document: CatalogDocument
    /// The ISO 4217 currency of the file's storefront: the currency of every `displayPrice`.
    let currency: String

    /// A product with what every kind of product has: `productID`, a `type` among `types`, `displayPrice`,
    /// `localizations` and `referenceName`.
    func product(_ node: JSONNode, _ place: String, types: KeyValuePairs<String, ProductType>) throws(CatalogError)
        -> CatalogProduct {
        let object = try document.object(node, place)
        let id = try document.string(object, "productID", in: place)
        let what = "product '\(id.value)'"
        var product = CatalogProduct(id: id, type: try document.value(object, "type", in: what, types),
                                     span: document.span(object))
        product.prices = try prices(object, in: what)
        product.localizations = try localizations(object, in: what)
        product.referenceName = try document.optionalString(object, "referenceName", in: what)?.value
        return product
    }

    /// A subscription group and its auto-renewable subscriptions.
    func group(_ node: JSONNode, _ place: String) throws(CatalogError) -> (CatalogGroup, [CatalogProduct]) {
        let object = try document.object(node, place)
        let id = try document.string(object, "id", in: place)
        let what = "subscription group '\(id.value)'"
        let group = CatalogGroup(id: id, name: try document.optionalString(object, "name", in: what),
                                 localizations: try localizations(object, in: what), span: document.span(object))
        var subscriptions: [CatalogProduct] = []
        for (index, element) in try document.list(object, "subscriptions", in: what).enumerated() {
            subscriptions.append(try subscription(element, "item \(index + 1) of 'subscriptions' of \(what)",
                                                  group: id))
        }
        return (group, subscriptions)
    }

    /// An auto-renewable subscription; its group is `subscriptionGroupID`, or `group` when that is absent.
    private func subscription(_ node: JSONNode, _ place: String, group: Located<String>) throws(CatalogError)
        -> CatalogProduct {
        var product = try self.product(node, place, types: ["RecurringSubscription": .autoRenewable])
        let what = "product '\(product.id.value)'"
        product.group = try document.optionalString(node, "subscriptionGroupID", in: what) ?? group
        product.level = try positiveInt(node, "groupNumber", in: what)
        product.period = try period(node, "recurringSubscriptionPeriod", in: what)
        product.introOffer = try introOffer(node, in: what)
        return product
    }

    /// The introductory offer: `introductoryOffer`, or when that is absent or null the first of (v5)
    /// `introductoryOffers`. Promotional (`adHocOffers`), code and win-back offers are not introductory.
    private func introOffer(_ subscription: JSONNode, in what: String) throws(CatalogError) -> CatalogIntroOffer? {
        let node: JSONNode
        let place: String
        if let single = subscription["introductoryOffer"], !single.isNull {
            (node, place) = (single, "'introductoryOffer' of \(what)")
        } else if let first = try document.list(subscription, "introductoryOffers", in: what).first {
            (node, place) = (first, "item 1 of 'introductoryOffers' of \(what)")
        } else {
            return nil
        }
        let offer = try document.object(node, place)
        let type: Located<IntroOfferType> = try document.value(
            offer, "paymentMode", in: place, ["free": .freeTrial, "payAsYouGo": .payAsYouGo, "payUpFront": .payUpFront])
        return CatalogIntroOffer(type: type, period: try period(offer, "subscriptionPeriod", in: place),
                                 periods: try positiveInt(offer, "numberOfPeriods", in: place),
                                 prices: type.value == .freeTrial ? [:] : try prices(offer, in: place),
                                 span: document.span(offer))
    }

    /// The localizations of a product or group, in file order; each must name its `locale`.
    private func localizations(_ object: JSONNode, in what: String) throws(CatalogError) -> [CatalogLocalization] {
        var localizations: [CatalogLocalization] = []
        for (index, node) in try document.list(object, "localizations", in: what).enumerated() {
            let place = "item \(index + 1) of 'localizations' of \(what)"
            let entry = try document.object(node, place)
            localizations.append(CatalogLocalization(
                locale: try document.string(entry, "locale", in: place),
                displayName: try document.optionalString(entry, "displayName", in: place),
                description: try document.optionalString(entry, "description", in: place)))
        }
        return localizations
    }
}
