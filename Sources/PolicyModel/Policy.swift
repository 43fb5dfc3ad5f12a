package import Diagnostics
import TollgateEvaluation

/// One app's monetization policy: what it sells, what each purchase unlocks, ads and paywalls.
package struct Policy: Hashable, Sendable {
    package var file: String
    package var format: Located<String>
    package var app: AppInfo
    /// Tiers in file order; `free` is always present (implicitly when the file omits it).
    package let tiers: [Tier]
    package let products: [Product]
    package let subscriptionGroups: [SubscriptionGroup]
    package let features: [Feature]
    package var entitlements: EntitlementRules
    package var ads: AdRules
    package var paywalls: [Paywall]
    package var placements: [Placement]
    package var experiments: [Experiment]
    package var review: ReviewRules
    /// The `customers:` section, its defaults where the file has none.
    package var customers: CustomerSettings

    package init(
        file: String, format: Located<String>, app: AppInfo, tiers: [Tier], products: [Product],
        subscriptionGroups: [SubscriptionGroup], features: [Feature], entitlements: EntitlementRules,
        ads: AdRules, paywalls: [Paywall], placements: [Placement] = [], experiments: [Experiment] = [],
        review: ReviewRules, customers: CustomerSettings
    ) {
        self.file = file
        self.format = format
        self.app = app
        self.tiers = tiers
        self.products = products
        self.subscriptionGroups = subscriptionGroups
        self.features = features
        self.entitlements = entitlements
        self.ads = ads
        self.paywalls = paywalls
        self.placements = placements
        self.experiments = experiments
        self.review = review
        self.customers = customers
        tierIndex = Self.index(tiers.map(\.id.value))
        productIndex = Self.index(products.map(\.id.value))
        groupIndex = Self.index(subscriptionGroups.map(\.id.value))
    }

    /// The id of the tier every user has.
    package static let freeTier = CompiledPolicy.freeTier

    private let tierIndex: [String: Int]
    private let productIndex: [String: Int]
    private let groupIndex: [String: Int]

    /// The first tier with this id.
    package func tier(_ id: String) -> Tier? { tierIndex[id].map { tiers[$0] } }
    /// The first product with this id.
    package func product(_ id: String) -> Product? { productIndex[id].map { products[$0] } }
    /// The first subscription group with this id.
    package func group(_ id: String) -> SubscriptionGroup? { groupIndex[id].map { subscriptionGroups[$0] } }

    /// Positions by id, the first place of an id that appears twice (validation reports the second).
    private static func index(_ ids: [String]) -> [String: Int] {
        Dictionary(ids.enumerated().map { ($1, $0) }) { first, _ in first }
    }
}

/// The `app:` section: identity, locales and legal links.
package struct AppInfo: Hashable, Sendable {
    package var id: Located<String>
    package var name: Located<String>
    package var bundleID: Located<String>?
    /// `apple_id`, App Store Connect's Apple ID of the app, as written.
    package var appleID: Located<AppleID>?
    package var packageName: Located<String>?
    package var defaultLocale: Located<String>
    package var locales: [Located<String>]
    package var legal: Legal
    package var span: SourceSpan

    package init(
        id: Located<String>, name: Located<String>, bundleID: Located<String>?, appleID: Located<AppleID>?,
        packageName: Located<String>?, defaultLocale: Located<String>, locales: [Located<String>], legal: Legal,
        span: SourceSpan
    ) {
        self.id = id
        self.name = name
        self.bundleID = bundleID
        self.appleID = appleID
        self.packageName = packageName
        self.defaultLocale = defaultLocale
        self.locales = locales
        self.legal = legal
        self.span = span
    }
}

/// `app.apple_id` as written, so that validation can say what is wrong with a value that is not an Apple ID.
package struct AppleID: Hashable, Sendable {
    /// The value's text, without quotes.
    package var text: String
    /// Whether the text was quoted, which makes it a string rather than a number.
    package var isQuoted: Bool

    package init(text: String, isQuoted: Bool) {
        self.text = text
        self.isQuoted = isQuoted
    }

    /// The Apple ID: the unquoted text as a positive decimal whole number of at most 64 bits, else nil.
    package var number: Int64? {
        guard !isQuoted, text.first != "0", text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
              let number = Int64(text), number > 0 else { return nil }
        return number
    }
}

/// Links to the terms of use and the privacy policy.
package struct Legal: Hashable, Sendable {
    package var termsURL: Located<String>?
    package var privacyURL: Located<String>?
    /// Where `legal:` was written, or the `app:` section when it is missing.
    package var span: SourceSpan

    package init(termsURL: Located<String>?, privacyURL: Located<String>?, span: SourceSpan) {
        self.termsURL = termsURL
        self.privacyURL = privacyURL
        self.span = span
    }
}
