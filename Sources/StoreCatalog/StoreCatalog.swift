package import Diagnostics
package import PolicyModel
import TollgateEvaluation

/// What one store catalog file says a store sells: an Xcode StoreKit configuration, a saved App Store Connect
/// response, or a saved Google Play Developer API response, in one model.
///
/// Every value keeps its position in the file for findings. What a file does not say is unknown, not absent:
/// `facts` lists what this kind of file tells, so that a list without prices raises no price finding.
package struct StoreCatalog: Hashable, Sendable {
    /// The kinds of file a catalog is read from.
    package enum Source: String, Hashable, Sendable, CaseIterable {
        case storeKit = "Xcode StoreKit configuration"
        case appStoreConnectInAppPurchases = "App Store Connect in-app purchases"
        case appStoreConnectSubscriptionGroups = "App Store Connect subscription groups"
        case playSubscriptions = "Google Play subscriptions"
        case playOneTimeProducts = "Google Play one-time products"
        case playInAppProducts = "Google Play in-app products"

        /// The store whose catalog this kind of file holds.
        package var marketplace: Marketplace {
            switch self {
            case .storeKit, .appStoreConnectInAppPurchases, .appStoreConnectSubscriptionGroups: .appStore
            case .playSubscriptions, .playOneTimeProducts, .playInAppProducts: .play
            }
        }
    }

    /// What a kind of file can tell about its products beyond ids and types.
    package enum Fact: String, Hashable, Sendable {
        case groups, levels, periods, introOffers, prices, localizations
    }

    /// The file's path as given.
    package var file: String
    package var source: Source
    /// What the file tells; a fact it does not tell is never a mismatch.
    package var facts: Set<Fact>
    /// The products, in file order.
    package var products: [CatalogProduct]
    /// The subscription groups, in file order.
    package var groups: [CatalogGroup]
    /// The Android package the file is for (Play files carry it).
    package var packageName: Located<String>?
    /// The storefront the prices are for (ISO 3166-1 alpha-3), for `.storekit` files.
    package var storefront: String?
    /// What a reader assumed and the user should know, such as a file without `_storefront`.
    package var notes: [CatalogNote]
    /// Where a `.storekit` file holds a private key; the key itself is never kept.
    package var privateKey: SourceSpan?

    package init(file: String, source: Source, facts: Set<Fact>, products: [CatalogProduct] = [],
                 groups: [CatalogGroup] = [], packageName: Located<String>? = nil, storefront: String? = nil,
                 notes: [CatalogNote] = [], privateKey: SourceSpan? = nil) {
        self.file = file
        self.source = source
        self.facts = facts
        self.products = products
        self.groups = groups
        self.packageName = packageName
        self.storefront = storefront
        self.notes = notes
        self.privateKey = privateKey
    }

    package var marketplace: Marketplace { source.marketplace }

    /// Whether the file tells `fact`.
    package func tells(_ fact: Fact) -> Bool { facts.contains(fact) }

    /// The whole-file span, for findings about the file itself.
    package var span: SourceSpan { .wholeFile(file) }
}

/// A product as a store catalog lists it. A Play base plan is one product, `<productId>:<basePlanId>`.
package struct CatalogProduct: Hashable, Sendable {
    package var id: Located<String>
    package var type: Located<ProductType>
    /// The id of its subscription group (`CatalogGroup.id`), for subscriptions in a group.
    package var group: Located<String>?
    /// Its level in the group, 1 the highest (`groupNumber`, `groupLevel`); equal numbers are no order.
    package var level: Located<Int>?
    /// The billing period as an ISO 8601 duration, such as `P1M`.
    package var period: Located<String>? { didSet { duration = period.flatMap { ISOPeriod($0.value) } } }
    /// `period` read as a duration when the entry is built; nil when there is none or it is not one.
    package private(set) var duration: ISOPeriod?
    /// The introductory offer, when the file tells offers and the product has one.
    package var introOffer: CatalogIntroOffer?
    /// Prices by ISO 4217 currency code, as decimal strings.
    package var prices: [String: Located<String>]
    /// Store localizations, in file order.
    package var localizations: [CatalogLocalization]
    /// The name App Store Connect or Xcode shows the developer.
    package var referenceName: String?
    /// Whether the store tells consumable from non-consumable. Google Play does not for one-time products (the app
    /// decides on purchase whether to consume one): such a product is read as `.nonConsumable` with this false,
    /// and matches a policy product of either one-time type.
    package var tellsConsumability: Bool
    /// The whole product entry.
    package var span: SourceSpan

    package init(id: Located<String>, type: Located<ProductType>, group: Located<String>? = nil,
                 level: Located<Int>? = nil, period: Located<String>? = nil, introOffer: CatalogIntroOffer? = nil,
                 prices: [String: Located<String>] = [:], localizations: [CatalogLocalization] = [],
                 referenceName: String? = nil, tellsConsumability: Bool = true, span: SourceSpan) {
        self.id = id
        self.type = type
        self.group = group
        self.level = level
        self.period = period
        duration = period.flatMap { ISOPeriod($0.value) }
        self.introOffer = introOffer
        self.prices = prices
        self.localizations = localizations
        self.referenceName = referenceName
        self.tellsConsumability = tellsConsumability
        self.span = span
    }
}

/// A subscription group as a store catalog lists it.
package struct CatalogGroup: Hashable, Sendable {
    /// The store's id for the group (`.storekit` `id`, App Store Connect resource id, Play product id).
    package var id: Located<String>
    /// The name the developer gave it (`.storekit` `name`, App Store Connect `referenceName`).
    package var name: Located<String>?
    package var localizations: [CatalogLocalization]
    package var span: SourceSpan

    package init(id: Located<String>, name: Located<String>?, localizations: [CatalogLocalization] = [],
                 span: SourceSpan) {
        self.id = id
        self.name = name
        self.localizations = localizations
        self.span = span
    }
}

/// A subscription's introductory offer as a store catalog describes it.
package struct CatalogIntroOffer: Hashable, Sendable {
    package var type: Located<IntroOfferType>
    /// The length of one offer period.
    package var period: Located<String>? { didSet { duration = period.flatMap { ISOPeriod($0.value) } } }
    /// `period` read as a duration when the offer is built; nil when there is none or it is not one.
    package private(set) var duration: ISOPeriod?
    /// How many periods it lasts (`numberOfPeriods`, Play's `recurrenceCount`).
    package var periods: Located<Int>?
    /// The offer price by currency, as decimal strings; empty for a free trial.
    package var prices: [String: Located<String>]
    package var span: SourceSpan

    package init(type: Located<IntroOfferType>, period: Located<String>?, periods: Located<Int>? = nil,
                 prices: [String: Located<String>] = [:], span: SourceSpan) {
        self.type = type
        self.period = period
        duration = period.flatMap { ISOPeriod($0.value) }
        self.periods = periods
        self.prices = prices
        self.span = span
    }
}

/// A product's or group's name and description in one store locale (`en_US`, `en-US`, `ar`).
package struct CatalogLocalization: Hashable, Sendable {
    package var locale: Located<String>
    package var displayName: Located<String>?
    package var description: Located<String>?

    package init(locale: Located<String>, displayName: Located<String>?, description: Located<String>? = nil) {
        self.locale = locale
        self.displayName = displayName
        self.description = description
    }
}

/// What a reader assumed about a file and the user should know, with what it bears on, so that it is shown
/// beside the findings it explains.
package struct CatalogNote: Hashable, Sendable {
    /// What a note bears on.
    package enum Topic: Hashable, Sendable {
        /// Which products the file lists: a response that is one page of several.
        case products
        /// Which currency its prices are in: a `.storekit` file without a storefront.
        case prices
        /// How the file was read: a format newer than those known.
        case format
    }

    package var topic: Topic
    package var text: String

    package init(_ topic: Topic, _ text: String) {
        self.topic = topic
        self.text = text
    }
}
