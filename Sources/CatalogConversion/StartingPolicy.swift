import PolicyModel
import TollgateEvaluation

/// What `tollgate catalog import` makes of a catalog before writing it: the app, its tiers, products, groups,
/// paywall and localized titles, each with what the written comments say about where it came from.
struct StartingPolicy {
    /// Where a tier came from, for the comment that explains it.
    enum TierOrigin {
        case free
        case group(name: String, subscriptions: Int)
        case product(id: String, type: ProductType)
    }

    struct Tier {
        var id: String
        var title: String
        var origin: TierOrigin
    }

    struct IntroOffer {
        var type: IntroOfferType
        var period: String
        /// Whether `period` is a placeholder because the catalog does not say it.
        var periodIsPlaceholder: Bool
        var periods: Int?
        var prices: [(currency: String, amount: String)]
    }

    struct Product {
        var id: String
        var type: ProductType
        var group: String?
        var period: String?
        /// Whether `period` is a placeholder because the catalog does not say it.
        var periodIsPlaceholder = false
        var grants: [String]
        var introOffer: IntroOffer?
        /// Why the catalog's intro offer was left out, for a comment.
        var introOfferLeftOut: String?
        var referenceName: String?
        var prices: [(currency: String, amount: String)]
    }

    struct Group {
        var id: String
        var title: String?
        /// Highest level of service first.
        var levels: [String]
    }

    /// How the app's store id was found, for its comment.
    enum StoreIDOrigin {
        case catalog, commonPrefix, placeholder
    }

    var appID: String
    var catalogFile: String
    var source: String
    var bundleID: (value: String, origin: StoreIDOrigin)?
    var packageName: (value: String, origin: StoreIDOrigin)?
    /// Policy locales, the default first.
    var locales: [String]
    /// How each store locale of the catalog became a policy locale, for the comment.
    var localeExamples: [(store: String, policy: String)]
    var tiers: [Tier]
    var products: [Product]
    var groups: [Group]
    /// The products of the paywall `main`, the first highlighted.
    var paywall: [String]
    /// Product titles by policy locale, then product id.
    var productTitles: [String: [(id: String, title: String)]]
    /// Tier titles by policy locale, then tier id.
    var tierTitles: [String: [(id: String, title: String)]]

    var defaultLocale: String { locales[0] }
}
