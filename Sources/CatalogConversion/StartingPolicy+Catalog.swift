import TollgateEvaluation
import PolicyModel
import StoreCatalog

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
        let prefix = Self.commonPrefix(of: products.map(\.id.value))
        let storeID = prefix.map { ($0, StoreIDOrigin.commonPrefix) } ?? ("com.example.\(appID)", .placeholder)
        if catalog.marketplace == .appStore {
            bundleID = storeID
            packageName = nil
        } else {
            bundleID = nil
            packageName = catalog.packageName.map { ($0.value, .catalog) } ?? storeID
        }
        if storeID.1 == .placeholder {
            notes.append("the product ids share no reverse-DNS prefix, so '\(storeID.0)' stands in for the app's "
                             + "\(catalog.marketplace == .appStore ? "bundle id" : "package name"): replace it")
        }

        let storeLocales = products.flatMap { $0.localizations.map(\.locale.value) }
            + catalog.groups.flatMap { $0.localizations.map(\.locale.value) }
        let mapping = StoreLocales.policyLocales(for: storeLocales)
        let policyLocale = Dictionary(mapping.map { ($0.store, $0.policy) }) { first, _ in first }
        var locales: [String] = []
        for (_, policy) in mapping where !locales.contains(policy) { locales.append(policy) }
        if locales.isEmpty {
            locales = ["en"]
            notes.append("the catalog has no localizations; the templates are written in English for 'en'")
        }
        self.locales = locales
        var examples: [(store: String, policy: String)] = []
        for pair in mapping where pair.store != pair.policy && !examples.contains(where: { $0.store == pair.store }) {
            examples.append(pair)
        }
        localeExamples = examples
        func titles(_ localizations: [CatalogLocalization]) -> [String: String] {
            var result: [String: String] = [:]
            for localization in localizations {
                guard let name = localization.displayName?.value, !name.isEmpty,
                      let locale = policyLocale[localization.locale.value], result[locale] == nil else { continue }
                result[locale] = name
            }
            return result
        }
        let defaultLocale = locales[0]

        // Groups: those the file lists, then any a subscription names without the file listing it, then one
        // for each subscription in none.
        var names = UniqueNames(taken: [Policy.freeTier])
        var groups: [(catalogID: String?, group: Group, titles: [String: String])] = []
        var groupOfCatalogID: [String: Int] = [:]
        let subscriptions = products.filter { $0.type.value == .autoRenewable }
        var listed = catalog.groups
        for product in subscriptions {
            if let id = product.group?.value, !listed.contains(where: { $0.id.value == id }) {
                listed.append(CatalogGroup(id: Located(id, at: product.span), name: nil, span: product.span))
            }
        }
        for group in listed where groupOfCatalogID[group.id.value] == nil {
            let members = subscriptions.enumerated().filter { $0.element.group?.value == group.id.value }
            guard !members.isEmpty else { continue }
            let title = group.name?.value ?? titles(group.localizations)[defaultLocale]
            let levels = members.sorted { ($0.element.level?.value ?? Int.max, $0.offset)
                < ($1.element.level?.value ?? Int.max, $1.offset) }.map(\.element.id.value)
            groupOfCatalogID[group.id.value] = groups.count
            groups.append((group.id.value, Group(id: names.make(from: title ?? group.id.value), title: title,
                                                 levels: levels), titles(group.localizations)))
        }
        var groupOfProduct: [String: String] = [:]
        for group in groups.map(\.group) { for id in group.levels { groupOfProduct[id] = group.id } }
        for product in subscriptions where groupOfProduct[product.id.value] == nil {
            let group = Group(id: names.make(from: Self.lastComponent(of: product.id.value)),
                              title: product.referenceName, levels: [product.id.value])
            groupOfProduct[product.id.value] = group.id
            groups.append((nil, group, [:]))
            notes.append("the subscription '\(product.id.value)' is in no group in the catalog; it has a group of "
                             + "its own, '\(group.id)'")
        }
        self.groups = groups.map(\.group)

        // Tiers: free, one per group, one per non-consumable and non-renewing subscription.
        var tiers = [Tier(id: Policy.freeTier, title: "Free", origin: .free)]
        var tierTitles: [String: [(id: String, title: String)]] = [:]
        for (_, group, localized) in groups {
            tiers.append(Tier(id: group.id, title: group.title ?? group.id,
                              origin: .group(name: group.title ?? group.id, subscriptions: group.levels.count)))
            for locale in locales { if let title = localized[locale] { tierTitles[locale, default: []].append((group.id, title)) } }
        }
        var tierOfProduct: [String: String] = [:]
        var productTitles: [String: [(id: String, title: String)]] = [:]
        for product in products {
            let localized = titles(product.localizations)
            for locale in locales {
                if let title = localized[locale] { productTitles[locale, default: []].append((product.id.value, title)) }
            }
            guard product.type.value == .nonConsumable || product.type.value == .nonRenewing else { continue }
            let id = names.make(from: Self.lastComponent(of: product.id.value))
            tierOfProduct[product.id.value] = id
            tiers.append(Tier(id: id, title: localized[defaultLocale] ?? product.referenceName ?? id,
                              origin: .product(id: product.id.value, type: product.type.value)))
            for locale in locales {
                if let title = localized[locale] { tierTitles[locale, default: []].append((id, title)) }
            }
        }
        self.tiers = tiers
        self.tierTitles = tierTitles
        self.productTitles = productTitles

        var prices = PriceNormalizer(currencyDigits: currencyDigits)
        self.products = products.map { product in
            let id = product.id.value
            let type = product.type.value
            var result = Product(
                id: id, type: type, group: groupOfProduct[id], period: product.period.map { Self.storePeriod($0.value) },
                grants: [groupOfProduct[id] ?? tierOfProduct[id]].compactMap { $0 }, introOffer: nil,
                referenceName: product.referenceName ?? titles(product.localizations)[defaultLocale],
                prices: prices.normalize(product.prices, of: id))
            if type.isSubscription, result.period == nil {
                result.period = "P1M"
                result.periodIsPlaceholder = true
            }
            if type == .autoRenewable, let offer = product.introOffer {
                let offerPrices = prices.normalize(offer.prices, of: "the intro offer of \(id)")
                if offer.type.value != .freeTrial, offerPrices.isEmpty {
                    result.introOfferLeftOut = offer.type.value.rawValue
                } else {
                    let periods = offer.periods?.value
                    result.introOffer = IntroOffer(
                        type: offer.type.value, period: offer.period.map { Self.storePeriod($0.value) } ?? "P1W",
                        periodIsPlaceholder: offer.period == nil,
                        periods: offer.type.value == .payAsYouGo ? (periods ?? 1) : (periods == 1 ? nil : periods),
                        prices: offer.type.value == .freeTrial ? [] : offerPrices)
                }
            }
            return result
        }
        notes += prices.notes

        let oneTime = self.products.filter { $0.type == .nonRenewing } + self.products.filter { $0.type == .nonConsumable }
        paywall = self.groups.flatMap(\.levels) + oneTime.map(\.id)
        if paywall.isEmpty { paywall = self.products.map(\.id) }
        if catalog.privateKey != nil {
            notes.append("the catalog's private key (subscriptionOffersKeyPair) was not copied into any file written")
        }
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
