import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// Which catalog products stand for which policy products: what every catalog rule compares.
///
/// A catalog speaks only for its own store (a product is compared only with the catalogs of the stores that sell
/// it) and only for the kinds of product its file can hold. Catalogs of another app (`catalog-wrong-app`) are
/// left out. Several catalogs of one store together are that store's catalog: a product is missing when no
/// catalog of its store that can hold its kind lists it, and compared with every catalog that does list it.
struct CatalogComparison {
    /// A policy product and the catalog entry of the same id, in a catalog of a store that sells it.
    struct Match {
        var product: Product
        var listed: CatalogProduct
        var catalog: StoreCatalog
        /// The catalog's place in `catalogs`.
        var catalogIndex: Int
    }

    /// A policy product that no catalog of its store lists, though one of them could.
    struct Missing {
        var product: Product
        var marketplace: Marketplace
        /// The catalogs of that store that hold its kind of product.
        var catalogs: [StoreCatalog]
    }

    /// A catalog entry the policy does not sell in the catalog's store.
    struct Unlisted {
        var listed: CatalogProduct
        var catalog: StoreCatalog
        /// The policy product of that id when the policy sells it only in other stores.
        var elsewhere: Product?
    }

    let policy: Policy
    /// Every catalog given for the app, in the order given.
    let given: [StoreCatalog]
    /// The catalogs compared: those of the app and of a store it declares.
    let catalogs: [StoreCatalog]
    let matches: [Match]
    let missing: [Missing]
    let unlisted: [Unlisted]

    init(policy: Policy, catalogs given: [StoreCatalog]) {
        self.policy = policy
        self.given = given
        let catalogs = given.filter { CatalogWrongAppRule.finding($0, policy: policy) == nil }
        self.catalogs = catalogs
        var matches: [Match] = []
        var missing: [Missing] = []
        var unlisted: [Unlisted] = []
        for marketplace in Marketplace.allCases {
            let indexes = catalogs.indices.filter { catalogs[$0].marketplace == marketplace }
            guard !indexes.isEmpty else { continue }
            let stores = indexes.map { catalogs[$0] }
            let sold = policy.products(soldIn: marketplace)
            let byID = Dictionary(sold.map { ($0.id.value, $0) }) { first, _ in first }
            var listedIDs: Set<String> = []
            for index in indexes {
                let catalog = catalogs[index]
                for listed in catalog.products {
                    if let product = byID[listed.id.value] {
                        matches.append(Match(product: product, listed: listed, catalog: catalog, catalogIndex: index))
                        listedIDs.insert(listed.id.value)
                    } else {
                        unlisted.append(Unlisted(listed: listed, catalog: catalog,
                                                 elsewhere: policy.product(listed.id.value)))
                    }
                }
            }
            for product in sold where !listedIDs.contains(product.id.value) {
                let holding = stores.filter { $0.source.holds(product.type.value) }
                if !holding.isEmpty {
                    missing.append(Missing(product: product, marketplace: marketplace, catalogs: holding))
                }
            }
        }
        self.matches = matches
        self.missing = missing
        self.unlisted = unlisted
    }

    /// The matches in the catalog at `index` of `catalogs`, by product id (the first entry of an id listed twice).
    func matches(inCatalog index: Int) -> [String: Match] {
        Dictionary(matches.filter { $0.catalogIndex == index }.map { ($0.product.id.value, $0) }) { first, _ in first }
    }
}

extension StoreCatalog.Source {
    /// Whether this kind of file can hold products of `type`: an App Store Connect in-app purchase list holds no
    /// auto-renewable subscriptions, a subscription list nothing else, and so on.
    func holds(_ type: ProductType) -> Bool {
        switch self {
        case .storeKit: true
        case .appStoreConnectInAppPurchases: type != .autoRenewable
        case .appStoreConnectSubscriptionGroups: type == .autoRenewable
        case .playSubscriptions: type.isSubscription
        case .playOneTimeProducts, .playInAppProducts: !type.isSubscription
        }
    }
}

extension CatalogProduct {
    /// Whether the store's type of the product is the policy's `type`. A store that does not tell consumable from
    /// non-consumable (Google Play's one-time products) agrees with either.
    func agrees(with type: ProductType) -> Bool {
        let listed = self.type.value
        return listed == type || (!tellsConsumability && !listed.isSubscription && !type.isSubscription)
    }
}

extension StoreCatalog {
    /// The catalog for messages: "the Xcode StoreKit configuration 'Catalogs/demo.storekit'".
    var described: String {
        let kind = switch source {
        case .storeKit: "Xcode StoreKit configuration"
        case .appStoreConnectInAppPurchases: "App Store Connect in-app purchase list"
        case .appStoreConnectSubscriptionGroups: "App Store Connect subscription group list"
        case .playSubscriptions: "Google Play subscription list"
        case .playOneTimeProducts: "Google Play one-time product list"
        case .playInAppProducts: "Google Play in-app product list"
        }
        return "the \(kind) '\(file)'"
    }

    /// The catalog's notes on `topic` as findings of severity note of `rule`, at the catalog file.
    func notes(about topic: CatalogNote.Topic, as rule: any Rule.Type) -> [Diagnostic] {
        notes.filter { $0.topic == topic }.map { note in
            Diagnostic(rule: rule.id, severity: .note, message: "\(described): \(note.text)", span: span)
        }
    }
}

extension Marketplace {
    /// The store for messages.
    var storeName: String {
        switch self {
        case .appStore: "the App Store"
        case .play: "Google Play"
        }
    }
}
