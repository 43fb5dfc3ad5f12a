import Diagnostics
import PolicyModel
import YAML

extension NodeReader {
    static let productKeys = ["id", "type", "grants", "group", "period", "intro_offer", "reference_name",
                              "reference_prices", "credits", "stores"]
    static let productRequiredKeys = ["id", "type"]
    static let introOfferKeys = ["type", "period", "periods", "reference_prices"]
    static let introOfferRequiredKeys = ["type"]
    static let creditsKeys = ["currency", "amount"]
    static let subscriptionGroupKeys = ["title", "levels"]
    static let subscriptionGroupRequiredKeys = ["levels"]

    mutating func products(_ node: Node) -> [Product] {
        list(node, "products").compactMap { product($0) }
    }

    private mutating func product(_ node: Node) -> Product? {
        guard let fields = mapping(node, "a product", allowed: Self.productKeys, required: Self.productRequiredKeys),
              let id = fields["id"].flatMap({ string($0, "product id") })
        else { return nil }
        let what = "product '\(id.value)'"
        guard let type = fields["type"].flatMap({ value($0, "type of \(what)", as: ProductType.self) }) else {
            return nil
        }
        return Product(
            id: id, type: type,
            grants: fields["grants"].map { strings($0, "grants of \(what)") } ?? [],
            group: fields["group"].flatMap { string($0, "group of \(what)") },
            period: fields["period"].flatMap { string($0, "period of \(what)") },
            introOffer: fields["intro_offer"].flatMap { introOffer($0, of: what) },
            referenceName: fields["reference_name"].flatMap { string($0, "reference_name of \(what)") },
            referencePrices: fields["reference_prices"].map { referencePrices($0, of: what) } ?? [],
            credits: fields["credits"].flatMap { credits($0, of: what) },
            stores: fields["stores"].map { node in
                list(node, "stores of \(what)").compactMap { value($0, "a store of \(what)", as: Marketplace.self) }
            },
            span: span(node))
    }

    private mutating func introOffer(_ node: Node, of what: String) -> IntroOffer? {
        guard let fields = mapping(node, "intro_offer of \(what)", allowed: Self.introOfferKeys,
                                   required: Self.introOfferRequiredKeys),
              let type = fields["type"].flatMap({ value($0, "intro offer type of \(what)", as: IntroOfferType.self) })
        else { return nil }
        return IntroOffer(
            type: type, period: fields["period"].flatMap { string($0, "intro offer period of \(what)") },
            periods: fields["periods"].flatMap { int($0, "intro offer periods of \(what)") },
            referencePrices: fields["reference_prices"].map { referencePrices($0, of: "the intro offer of \(what)") }
                ?? [],
            span: span(node))
    }

    private mutating func referencePrices(_ node: Node, of what: String) -> [ReferencePrice] {
        entries(node, "reference_prices of \(what)").compactMap { currency, value in
            string(value, "reference price \(currency.value) of \(what)").map {
                ReferencePrice(currency: currency, amount: $0)
            }
        }
    }

    private mutating func credits(_ node: Node, of what: String) -> Credits? {
        guard let fields = mapping(node, "credits of \(what)", allowed: Self.creditsKeys,
                                   required: Self.creditsKeys),
              let currency = fields["currency"].flatMap({ string($0, "credits currency of \(what)") }),
              let amount = fields["amount"].flatMap({ int($0, "credits amount of \(what)") })
        else { return nil }
        return Credits(currency: currency, amount: amount)
    }

    mutating func subscriptionGroups(_ node: Node) -> [SubscriptionGroup] {
        entries(node, "subscription_groups").compactMap { id, value in
            let what = "subscription group '\(id.value)'"
            guard let fields = mapping(value, what, allowed: Self.subscriptionGroupKeys,
                                       required: Self.subscriptionGroupRequiredKeys) else {
                return nil
            }
            return SubscriptionGroup(
                id: id, title: fields["title"].flatMap { string($0, "title of \(what)") },
                levels: fields["levels"].map { strings($0, "levels of \(what)") } ?? [], span: span(value))
        }
    }
}
