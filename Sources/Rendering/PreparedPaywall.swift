import MessageFormat
import PolicyModel
import TollgateEvaluation

/// A paywall in one template file, prepared once when the renderer is made: its lines compiled, and for
/// each product the titles, section lines and plan peers that come from the policy and the templates
/// alone. A render then only reads the store's prices, formats values and fills the lines.
///
/// Immutable, so renders on any thread share it.
final class PreparedPaywall: Sendable {
    /// What a prepared paywall is found by: the paywall and the template file chosen for the locale.
    struct Key: Hashable, Sendable {
        var paywall: String
        var file: String
        var locale: String

        init(paywall: String, templates: TemplateSet) {
            self.paywall = paywall
            file = templates.file
            locale = templates.locale.value
        }
    }

    let paywall: Paywall
    /// The template files the lines and titles come from, kept to check a resolution against.
    private let templates: TemplateSet
    private let defaults: TemplateSet?
    let title: CompiledMessage?
    let subtitle: CompiledMessage?
    let disclosure: CompiledMessage?
    let restore: CompiledMessage?
    let terms: CompiledMessage?
    let privacy: CompiledMessage?
    let priceUnavailable: CompiledMessage?
    /// The paywall's products that the policy has, in the paywall's order.
    let products: [PreparedProduct]
    /// The first highlighted product, whose values the title and subtitle use.
    let headline: Int?
    /// The products whose store price a render reads, once each: the paywall's, then their plan peers.
    let pricedIDs: [String]

    /// Prepares `paywall` with the lines of `templates`, else of `defaults`.
    init(paywall: Paywall, policy: Policy, facts: [String: ProductFacts], templates: TemplateSet,
         defaults: TemplateSet?) {
        let finder = TemplateFinder(paywall: paywall.id.value, templates: templates, defaults: defaults)
        self.paywall = paywall
        self.templates = templates
        self.defaults = defaults
        title = finder.message("title")
        subtitle = finder.message("subtitle")
        disclosure = finder.message("disclosure")
        restore = finder.message("restore")
        terms = finder.message("terms")
        privacy = finder.message("privacy")
        priceUnavailable = finder.message("price_unavailable")
        let members = paywall.products.compactMap { facts[$0.value] }
        let highlight = paywall.highlight?.value ?? members.first?.product.id.value
        var pricedIDs = members.map(\.product.id.value)
        var priceIndex = Dictionary(pricedIDs.enumerated().map { ($1, $0) }) { first, _ in first }
        products = members.enumerated().map { index, member in
            let peers = member.peers.compactMap { peer -> PreparedProduct.Peer? in
                guard let length = facts[peer]?.length else { return nil }
                if priceIndex[peer] == nil {
                    priceIndex[peer] = pricedIDs.count
                    pricedIDs.append(peer)
                }
                return PreparedProduct.Peer(priceIndex: priceIndex[peer] ?? 0, length: length)
            }
            return PreparedProduct(member, policy: policy, finder: finder, priceIndex: index, peers: peers,
                                   highlighted: member.product.id.value == highlight)
        }
        headline = products.firstIndex { $0.highlighted }
        self.pricedIDs = pricedIDs
    }

    /// Whether this was prepared from the very files `resolution` chose, in constant time: the same
    /// loaded entries in memory. A resolution of other files, even of equal names, does not match, and
    /// the renderer then prepares its paywall for that one render.
    func matches(_ resolution: LocaleResolution) -> Bool {
        guard templates.sharesEntries(with: resolution.templates) else { return false }
        switch (defaults, resolution.defaults) {
        case (nil, nil): return true
        case (let prepared?, let chosen?): return prepared.sharesEntries(with: chosen)
        default: return false
        }
    }
}

extension PreparedPaywall {
    /// Whether its lines come from `templates` itself (not only a file of the same name).
    func isPrepared(from templates: TemplateSet) -> Bool {
        self.templates.sharesEntries(with: templates)
    }
}

extension TemplateSet {
    /// Whether `other` holds this set's very entries (a copy of it, perhaps under another locale): its
    /// titles and paywall arrays share storage. Sets loaded separately never do, whatever their text.
    fileprivate func sharesEntries(with other: TemplateSet) -> Bool {
        func same<Element>(_ left: [Element], _ right: [Element]) -> Bool {
            left.withUnsafeBufferPointer { left in
                right.withUnsafeBufferPointer { right in left.baseAddress == right.baseAddress && left.count == right.count }
            }
        }
        return same(tiers, other.tiers) && same(features, other.features) && same(products, other.products)
            && same(paywalls, other.paywalls)
    }
}

/// A product row of a prepared paywall.
final class PreparedProduct: Sendable {
    /// A plan the product's savings compare with: where its price is in the render's price table, and
    /// its period's length.
    struct Peer: Sendable {
        var priceIndex: Int
        var length: Int
    }

    let facts: ProductFacts
    let id: String
    /// The product type's name, which is also the template section of its lines.
    let type: String
    let isAutoRenewable: Bool
    let highlighted: Bool
    /// The intro offer's type, and the group whose eligibility the store reports.
    let offer: IntroOfferType?
    let group: String?
    let title: String
    let tierTitles: [String]
    let featureTitles: [String]
    let price: CompiledMessage?
    let trial: CompiledMessage?
    let intro: CompiledMessage?
    let badge: CompiledMessage?
    /// Where the product's price is in the render's price table.
    let priceIndex: Int
    let peers: [Peer]

    fileprivate init(_ facts: ProductFacts, policy: Policy, finder: TemplateFinder, priceIndex: Int, peers: [Peer],
                     highlighted: Bool) {
        let product = facts.product
        self.facts = facts
        id = product.id.value
        type = product.type.value.rawValue
        isAutoRenewable = product.type.value == .autoRenewable
        self.highlighted = highlighted
        offer = product.introOffer?.type.value
        group = product.group?.value
        title = finder.title(in: \.products, id) ?? product.referenceName?.value ?? id
        tierTitles = product.grants.map { grant in
            finder.title(in: \.tiers, grant.value) ?? policy.tier(grant.value)?.title?.value ?? grant.value
        }
        featureTitles = facts.unlockedFeatures.map { feature in
            finder.title(in: \.features, feature.id.value) ?? feature.title?.value ?? feature.id.value
        }
        price = finder.message("price", section: type)
        trial = finder.message("trial", section: type)
        intro = finder.message("intro", section: type)
        badge = finder.message("badge", section: type)
        self.priceIndex = priceIndex
        self.peers = peers
    }
}

/// Finds a paywall's messages and the titles in the chosen template file, else in the default locale's.
private struct TemplateFinder {
    let paywall: String
    let templates: TemplateSet
    let defaults: TemplateSet?

    /// A title from the templates (`tiers`, `features` or `products`), else from the default locale's.
    func title(in list: KeyPath<TemplateSet, [TemplateEntry]>, _ id: String) -> String? {
        func find(_ set: TemplateSet) -> String? {
            guard let entry = set[keyPath: list].first(where: { $0.key.value == id }), entry.message.parses
            else { return nil }
            return entry.message.text.value
        }
        return find(templates) ?? defaults.flatMap(find)
    }

    /// The message `key` (in a product-type `section` when given), compiled; nil when neither file has
    /// it parsed.
    func message(_ key: String, section: String? = nil) -> CompiledMessage? {
        func find(_ set: TemplateSet) -> CompiledMessage? {
            guard let template = set.paywall(paywall) else { return nil }
            let entry = section.map { template.section($0)?.entry(key) } ?? template.entry(key)
            guard let entry, case .success(let pattern) = entry.message.pattern else { return nil }
            return CompiledMessage(pattern)
        }
        return find(templates) ?? defaults.flatMap(find)
    }
}
