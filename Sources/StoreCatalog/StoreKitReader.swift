import Diagnostics
import JSON
import PolicyModel
import TollgateEvaluation

/// Reads an Xcode StoreKit configuration file (`.storekit`, format versions 1.x to 5.x, local or synced with App
/// Store Connect) into a catalog. Optional keys may be missing; keys the catalog has no use for are skipped.
struct StoreKitReader {
    let document: CatalogDocument
    let currencyOfStorefront: @Sendable (String) -> String?

    /// The storefront a file without `_storefront` is read as.
    static let defaultStorefront = "USA"

    /// The `type` spellings of the top-level list `name` of products outside groups; nil for other members.
    private static func types(ofList name: String) -> KeyValuePairs<String, ProductType>? {
        switch name {
        case "products": ["Consumable": .consumable, "NonConsumable": .nonConsumable]
        case "nonRenewingSubscriptions": ["NonRenewingSubscription": .nonRenewing]
        default: nil
        }
    }

    func catalog() throws(CatalogError) -> StoreCatalog {
        let root = document.root
        var notes: [CatalogNote] = []
        if let note = try versionNote() { notes.append(CatalogNote(.format, note)) }
        let storefront = try self.storefront()
        if let note = storefront.note { notes.append(CatalogNote(.prices, note)) }
        let entries = StoreKitEntries(document: document, currency: storefront.currency)
        var products: [CatalogProduct] = []
        var groups: [CatalogGroup] = []
        for member in root.members ?? [] {
            if let types = Self.types(ofList: member.name) {
                for (index, node) in try document.list(root, member.name, in: "the file").enumerated() {
                    products.append(try entries.product(node, "item \(index + 1) of '\(member.name)'", types: types))
                }
            } else if member.name == "subscriptionGroups" {
                for (index, node) in try document.list(root, member.name, in: "the file").enumerated() {
                    let (group, subscriptions) = try entries.group(node, "item \(index + 1) of 'subscriptionGroups'")
                    groups.append(group)
                    products += subscriptions
                }
            }
        }
        try requireUniqueIDs(products, entries)
        return StoreCatalog(file: document.file, source: .storeKit,
                            facts: [.groups, .levels, .periods, .introOffers, .prices, .localizations],
                            products: products, groups: groups, storefront: storefront.code, notes: notes,
                            privateKey: try privateKey())
    }

    /// An error at the second product with an id already used: Xcode gives each product its own id.
    private func requireUniqueIDs(_ products: [CatalogProduct], _ entries: StoreKitEntries) throws(CatalogError) {
        var first: [String: SourceSpan] = [:]
        for product in products {
            if let earlier = first.updateValue(product.id.span, forKey: product.id.value) {
                throw entries.error("product '\(product.id.value)' is listed twice, first at line "
                                        + "\(earlier.start.line); a product id appears once in a file",
                                    at: product.id.span, as: CatalogError.inconsistent)
            }
        }
    }

    /// A note for a format version after 5.x, which is read like 5.x; an error for one before 1.x.
    private func versionNote() throws(CatalogError) -> String? {
        guard let node = document.root["version"], !node.isNull else { return nil }
        let version = try document.object(node, "'version'")
        guard let major = try document.optionalInt(version, "major", in: "'version'") else { return nil }
        let minor = try document.optionalInt(version, "minor", in: "'version'")?.value ?? 0
        guard major.value >= 1 else {
            throw document.error("'major' of 'version' must be 1 or more (StoreKit configuration format 1.x to 5.x), "
                                     + "found \(major.value)", at: version["major"] ?? version)
        }
        guard major.value <= 5 else {
            return "StoreKit configuration format \(major.value).\(minor) is newer than the formats 1.x to 5.x "
                + "Tollgate knows; it was read as 5.x"
        }
        return nil
    }

    /// The storefront the prices are for (`settings._storefront`, or the USA with a note) and its currency.
    private func storefront() throws(CatalogError) -> (code: String, currency: String, note: String?) {
        if let node = document.root["settings"], !node.isNull {
            let settings = try document.object(node, "'settings'")
            if let code = try document.optionalString(settings, "_storefront", in: "'settings'") {
                guard let currency = currencyOfStorefront(code.value) else {
                    throw document.error("'_storefront' of 'settings' must be a storefront's ISO 3166-1 alpha-3 code "
                                             + "such as 'USA' or 'ESP'; found '\(code.value)'", at: code.span)
                }
                return (code.value, currency, nil)
            }
        }
        let currency = currencyOfStorefront(Self.defaultStorefront) ?? "USD"
        return (Self.defaultStorefront, currency,
                "the file sets no storefront ('_storefront' in 'settings'), so its prices were read as the "
                    + "\(Self.defaultStorefront) storefront's, in \(currency)")
    }

    /// Where the file holds a private key for signing offers: the `privateKey` member's name. The key is never kept.
    private func privateKey() throws(CatalogError) -> SourceSpan? {
        guard let node = document.root["subscriptionOffersKeyPair"], !node.isNull else { return nil }
        let pair = try document.object(node, "'subscriptionOffersKeyPair'")
        guard let member = pair.members?.first(where: { $0.name == "privateKey" }), !member.value.isNull else {
            return nil
        }
        guard let key = member.value.string else {
            throw document.error("'privateKey' of 'subscriptionOffersKeyPair' must be a string, "
                                     + "found \(member.value.kindName)", at: member.value)
        }
        return key.contains { !$0.isWhitespace } ? document.span(offset: member.nameOffset) : nil
    }
}
