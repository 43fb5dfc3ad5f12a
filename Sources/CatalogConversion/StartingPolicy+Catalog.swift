import PolicyModel
import StoreCatalog
import TollgateEvaluation

extension StartingPolicy {
    /// The starting policy of `catalog` for the app `appID`; what the user should know goes to `notes`.
    init(catalog: StoreCatalog, appID: String, currencyDigits: @escaping CurrencyDigits, notes: inout [String])
        throws(CatalogImportError) {
        var seen: Set<String> = []
        let products = catalog.products.filter { seen.insert($0.id.value).inserted }
        guard !products.isEmpty else {
            throw CatalogImportError("the catalog '\(catalog.file)' lists no products; there is nothing to import")
        }
        if products.count < catalog.products.count {
            notes.append("the catalog lists some product ids twice; the first of each was imported")
        }
        self.appID = appID
        catalogFile = catalog.file
        source = catalog.source.rawValue
        let storeID = Self.commonPrefix(of: products.map(\.id.value)).map { ($0, StoreIDOrigin.commonPrefix) }
            ?? ("com.example.\(appID)", .placeholder)
        bundleID = catalog.marketplace == .appStore ? storeID : nil
        packageName = catalog.marketplace == .appStore ? nil : catalog.packageName.map { ($0.value, .catalog) } ?? storeID
        if (bundleID ?? packageName)?.origin == .placeholder {
            notes.append("the product ids share no reverse-DNS prefix, so '\(storeID.0)' stands in for the app's "
                             + "\(catalog.marketplace == .appStore ? "bundle id" : "package name"): replace it")
        }
        let table = CatalogLocaleTable(products, catalog.groups)
        if table.isEmpty { notes.append("the catalog has no localizations; the templates are written in English for 'en'") }
        locales = table.locales
        localeExamples = table.renamed

        var names = UniqueNames(taken: [Policy.freeTier])
        let groups = Self.groups(of: products, listed: catalog.groups, table: table, names: &names, notes: &notes)
        self.groups = groups.map(\.group)
        var groupOfProduct: [String: String] = [:]
        for group in self.groups { for id in group.levels { groupOfProduct[id] = group.id } }

        // Tiers: free, one per group, one per non-consumable and non-renewing subscription.
        var tiers = [Tier(id: Policy.freeTier, title: "Free", origin: .free)]
        var tierTitles: [String: [(id: String, title: String)]] = [:]
        var productTitles: [String: [(id: String, title: String)]] = [:]
        for (group, localized) in groups {
            tiers.append(Tier(id: group.id, title: group.title ?? group.id,
                              origin: .group(name: group.title ?? group.id, subscriptions: group.levels.count)))
            Self.add(localized, of: group.id, in: table.locales, to: &tierTitles)
        }
        var tierOfProduct: [String: String] = [:]
        for product in products {
            let localized = table.titles(product.localizations)
            Self.add(localized, of: product.id.value, in: table.locales, to: &productTitles)
            guard product.type.value == .nonConsumable || product.type.value == .nonRenewing else { continue }
            let id = names.make(from: Self.lastComponent(of: product.id.value))
            tierOfProduct[product.id.value] = id
            tiers.append(Tier(id: id, title: localized[table.defaultLocale] ?? product.referenceName ?? id,
                              origin: .product(id: product.id.value, type: product.type.value)))
            Self.add(localized, of: id, in: table.locales, to: &tierTitles)
        }
        self.tiers = tiers
        self.tierTitles = tierTitles
        self.productTitles = productTitles

        var prices = PriceNormalizer(currencyDigits: currencyDigits)
        self.products = products.map { product in
            let id = product.id.value
            return Self.product(product, group: groupOfProduct[id], grants: [groupOfProduct[id] ?? tierOfProduct[id]]
                                    .compactMap { $0 },
                                referenceName: product.referenceName
                                    ?? table.titles(product.localizations)[table.defaultLocale],
                                prices: &prices)
        }
        notes += prices.notes

        let oneTime = self.products.filter { $0.type == .nonRenewing } + self.products.filter { $0.type == .nonConsumable }
        paywall = self.groups.flatMap(\.levels) + oneTime.map(\.id)
        if paywall.isEmpty { paywall = self.products.map(\.id) }
        if catalog.privateKey != nil {
            notes.append("the catalog's private key (subscriptionOffersKeyPair) was not copied into any file written")
        }
    }

    /// Adds the `titles` (by locale) of the tier or product `id` to `table`, in the order of `locales`.
    private static func add(_ titles: [String: String], of id: String, in locales: [String],
                            to table: inout [String: [(id: String, title: String)]]) {
        for locale in locales {
            if let title = titles[locale] { table[locale, default: []].append((id, title)) }
        }
    }

    /// The groups of the subscriptions: those the file lists, then any a subscription names without the file
    /// listing it, then one for each subscription in none; each with its levels, highest first, and equal levels
    /// in file order, and its localized names.
    private static func groups(of products: [CatalogProduct], listed: [CatalogGroup], table: CatalogLocaleTable,
                               names: inout UniqueNames, notes: inout [String])
        -> [(group: Group, titles: [String: String])] {
        let subscriptions = products.filter { $0.type.value == .autoRenewable }
        var listed = listed
        for product in subscriptions {
            if let id = product.group?.value, !listed.contains(where: { $0.id.value == id }) {
                listed.append(CatalogGroup(id: Located(id, at: product.span), name: nil, span: product.span))
            }
        }
        var result: [(group: Group, titles: [String: String])] = []
        var done: Set<String> = []
        for group in listed where done.insert(group.id.value).inserted {
            let members = subscriptions.enumerated().filter { $0.element.group?.value == group.id.value }
            guard !members.isEmpty else { continue }
            let titles = table.titles(group.localizations)
            let title = group.name?.value ?? titles[table.defaultLocale]
            let levels = members.sorted { ($0.element.level?.value ?? Int.max, $0.offset)
                < ($1.element.level?.value ?? Int.max, $1.offset) }.map(\.element.id.value)
            result.append((Group(id: names.make(from: title ?? group.id.value), title: title, levels: levels), titles))
        }
        let grouped = Set(result.flatMap(\.group.levels))
        for product in subscriptions where !grouped.contains(product.id.value) {
            let group = Group(id: names.make(from: lastComponent(of: product.id.value)), title: product.referenceName,
                              levels: [product.id.value])
            result.append((group, [:]))
            notes.append("the subscription '\(product.id.value)' is in no group in the catalog; it has a group of "
                             + "its own, '\(group.id)'")
        }
        return result
    }

    /// A catalog product as the policy writes it: store spellings of periods, a placeholder period where the
    /// catalog has none, and the intro offer unless it is a paid one without a price.
    private static func product(_ product: CatalogProduct, group: String?, grants: [String], referenceName: String?,
                                prices: inout PriceNormalizer) -> Product {
        let id = product.id.value
        let type = product.type.value
        var result = Product(id: id, type: type, group: group, period: product.period.map { storePeriod($0.value) },
                             grants: grants, introOffer: nil, referenceName: referenceName,
                             prices: prices.normalize(product.prices, of: id))
        if type.isSubscription, result.period == nil {
            result.period = "P1M"
            result.periodIsPlaceholder = true
        }
        guard type == .autoRenewable, let offer = product.introOffer else { return result }
        let offerPrices = prices.normalize(offer.prices, of: "the intro offer of \(id)")
        let offerType = offer.type.value
        guard offerType == .freeTrial || !offerPrices.isEmpty else {
            result.introOfferLeftOut = offerType.rawValue
            return result
        }
        let periods = offer.periods?.value
        result.introOffer = IntroOffer(
            type: offerType, period: offer.period.map { storePeriod($0.value) } ?? "P1W",
            periodIsPlaceholder: offer.period == nil,
            periods: offerType == .payAsYouGo ? (periods ?? 1) : (periods == 1 ? nil : periods),
            prices: offerType == .freeTrial ? [] : offerPrices)
        return result
    }

    /// The longest run of dot-separated labels that every id starts with, less each id's own last part, when it
    /// looks like a reverse-DNS id (two or more labels of letters, digits and `-`, the first starting with a letter).
    static func commonPrefix(of ids: [String]) -> String? {
        var prefix: [Substring]?
        for id in ids {
            let labels = Array(id.split(separator: ".", omittingEmptySubsequences: false).dropLast())
            guard let known = prefix else {
                prefix = labels
                continue
            }
            prefix = Array(zip(known, labels).prefix { $0 == $1 }.map(\.0))
        }
        let labels = (prefix ?? []).prefix { label in
            !label.isEmpty && label.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "-" }
        }
        guard labels.count >= 2, labels.first?.unicodeScalars.first?.isASCIILetter == true else { return nil }
        return labels.joined(separator: ".")
    }

    /// `period` as the App Store spells a length: whole weeks of days as weeks (Google Play's `P7D` is `P1W`).
    static func storePeriod(_ period: String) -> String {
        guard let parsed = ISOPeriod(period), parsed.days > 0, parsed.days % 7 == 0,
              parsed == ISOPeriod(days: parsed.days) else { return period }
        return ISOPeriod(weeks: parsed.days / 7).description
    }

    /// The last dot-separated part of a product id: `removeads` of `com.example.app.removeads`.
    static func lastComponent(of id: String) -> String {
        String(id.split(separator: ".").last ?? Substring(id))
    }
}

/// Ids made from names: lowercase letters, digits and `-`, each different from those already taken.
struct UniqueNames {
    var taken: Set<String>

    /// An id for `name`: `Photo Collage Premium` → `photo-collage-premium`, `pro` again → `pro-2`.
    mutating func make(from name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCIILetter || scalar.isASCIIDigit {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        let base = slug.isEmpty ? "tier" : slug
        var id = base
        var count = 1
        while taken.contains(id) {
            count += 1
            id = "\(base)-\(count)"
        }
        taken.insert(id)
        return id
    }
}
