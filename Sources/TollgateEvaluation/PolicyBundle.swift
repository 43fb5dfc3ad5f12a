public import Foundation

/// The compiled policy as JSON (`format: tollgate-bundle/v1`): everything evaluation needs, nothing it
/// does not, in a canonical encoding (sorted keys, no floats) that is the same on every machine.
///
/// `policy` is `sha256:` and the SHA-256 of the canonical encoding with `policy` empty, so the hash
/// names the content and a changed byte is detected.
public struct PolicyBundle: Codable, Hashable, Sendable {
    public static let currentFormat = "tollgate-bundle/v1"

    public var format: String
    public var app: String
    public var policy: String
    public var bundleID: String?
    /// Tiers in bit order; `free` is first.
    public var tiers: [Tier]
    public var features: [Feature]
    public var products: [Product]
    public var entitlements: EntitlementTable
    public var ads: Ads
    /// Where the app may show a paywall, and who sees which; absent from bundles that have none.
    public var placements: [Placement]
    public var experiments: [Experiment]

    /// A tier and every tier it includes, directly or not.
    public struct Tier: Codable, Hashable, Sendable {
        public var id: String
        public var title: String?
        public var adFree: Bool
        public var includes: [String]

        public init(id: String, title: String?, adFree: Bool, includes: [String]) {
            self.id = id
            self.title = title
            self.adFree = adFree
            self.includes = includes
        }

        enum CodingKeys: String, CodingKey {
            case id, title, includes
            case adFree = "ad_free"
        }
    }

    /// A feature and the tier that unlocks it.
    public struct Feature: Codable, Hashable, Sendable {
        public var id: String
        public var title: String?
        public var tier: String

        public init(id: String, title: String?, tier: String) {
            self.id = id
            self.title = title
            self.tier = tier
        }
    }

    /// A product, the tiers it grants (includes closed over) and its reference prices.
    public struct Product: Codable, Hashable, Sendable {
        public var id: String
        public var type: ProductType
        public var grants: [String]
        public var group: String?
        public var period: Period?
        /// Decimal strings by ISO 4217 currency code.
        public var prices: [String: String]
        /// The stores that sell it, when the policy names them (`stores`); nil means every store the app is in.
        /// Left out of the encoding when nil, so bundles keep the bytes, and so the hash, they had before.
        public var stores: [Marketplace]?

        public init(id: String, type: ProductType, grants: [String], group: String?, period: Period?,
                    prices: [String: String], stores: [Marketplace]? = nil) {
            self.id = id
            self.type = type
            self.grants = grants
            self.group = group
            self.period = period
            self.prices = prices
            self.stores = stores
        }

        /// Whether `marketplace` sells it; nil (no store named) means any store.
        public func isSold(in marketplace: Marketplace?) -> Bool {
            guard let marketplace, let stores else { return true }
            return stores.contains(marketplace)
        }
    }

    /// A subscription's length in calendar months and days (`P1Y` is 12 months, `P1W` 7 days).
    public struct Period: Codable, Hashable, Sendable {
        public var months: Int
        public var days: Int

        public init(months: Int, days: Int) {
            self.months = months
            self.days = days
        }

        /// The average Gregorian month, 365.25 / 12 = 30.4375 days, for periods measured in weeks or days.
        package static let daysPerMonth = Decimal(sign: .plus, exponent: -4, significand: 304_375)
    }

    /// Which store states keep access, and what to assume before the store answers.
    public struct EntitlementTable: Codable, Hashable, Sendable {
        public var grants: [EntitlementState]
        public var unknown: UnknownAccess

        public init(grants: [EntitlementState], unknown: UnknownAccess) {
            self.grants = grants
            self.unknown = unknown
        }
    }

    /// When ads may show, and where.
    public struct Ads: Codable, Hashable, Sendable {
        public var hideUntilSynced: Bool
        public var requireConsent: Bool
        public var placements: [String]

        public init(hideUntilSynced: Bool, requireConsent: Bool, placements: [String]) {
            self.hideUntilSynced = hideUntilSynced
            self.requireConsent = requireConsent
            self.placements = placements
        }

        enum CodingKeys: String, CodingKey {
            case placements
            case hideUntilSynced = "hide_until_synced"
            case requireConsent = "require_consent"
        }
    }

    enum CodingKeys: String, CodingKey {
        case format, app, policy, tiers, features, products, entitlements, ads, placements, experiments
        case bundleID = "bundle_id"
    }

    /// A bundle with its `policy` hash computed from the content.
    public init(app: String, bundleID: String?, tiers: [Tier], features: [Feature], products: [Product],
                entitlements: EntitlementTable, ads: Ads, placements: [Placement] = [], experiments: [Experiment] = []) {
        self.format = Self.currentFormat
        self.app = app
        self.policy = ""
        self.bundleID = bundleID
        self.tiers = tiers
        self.features = features
        self.products = products
        self.entitlements = entitlements
        self.ads = ads
        self.placements = placements
        self.experiments = experiments
        self.policy = contentHash
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        app = try container.decode(String.self, forKey: .app)
        policy = try container.decode(String.self, forKey: .policy)
        bundleID = try container.decodeIfPresent(String.self, forKey: .bundleID)
        tiers = try container.decode([Tier].self, forKey: .tiers)
        features = try container.decode([Feature].self, forKey: .features)
        products = try container.decode([Product].self, forKey: .products)
        entitlements = try container.decode(EntitlementTable.self, forKey: .entitlements)
        ads = try container.decode(Ads.self, forKey: .ads)
        placements = try container.decodeIfPresent([Placement].self, forKey: .placements) ?? []
        experiments = try container.decodeIfPresent([Experiment].self, forKey: .experiments) ?? []
    }

    /// Empty placements and experiments are left out, so a bundle without them keeps the bytes, and so the
    /// hash, it had before bundles could carry them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(app, forKey: .app)
        try container.encode(policy, forKey: .policy)
        try container.encodeIfPresent(bundleID, forKey: .bundleID)
        try container.encode(tiers, forKey: .tiers)
        try container.encode(features, forKey: .features)
        try container.encode(products, forKey: .products)
        try container.encode(entitlements, forKey: .entitlements)
        try container.encode(ads, forKey: .ads)
        if !placements.isEmpty { try container.encode(placements, forKey: .placements) }
        if !experiments.isEmpty { try container.encode(experiments, forKey: .experiments) }
    }

    /// `sha256:` and the hash of the canonical encoding with `policy` empty.
    public var contentHash: String {
        var unhashed = self
        unhashed.policy = ""
        return "sha256:" + SHA256.hex(unhashed.canonicalJSON)
    }

    /// The canonical encoding: sorted keys, no insignificant white space, slashes unescaped; the bytes `JSONEncoder`
    /// gives with `.sortedKeys` and `.withoutEscapingSlashes`, written by `CanonicalJSONEncoder`.
    public var canonicalJSON: Data {
        do {
            return Data(try CanonicalJSONEncoder().encode(self))
        } catch {
            preconditionFailure("a bundle of strings, integers and booleans always encodes: \(error)")
        }
    }

    /// Decodes a bundle and checks its format and hash.
    public init(json: Data) throws(BundleError) {
        let bundle: PolicyBundle
        do {
            bundle = try JSONDecoder().decode(PolicyBundle.self, from: json)
        } catch {
            throw BundleError.malformed(DecodingErrorText.describe(error, in: json))
        }
        guard bundle.format == Self.currentFormat else { throw BundleError.unsupportedFormat(bundle.format) }
        let actual = bundle.contentHash
        guard bundle.policy == actual else { throw BundleError.hashMismatch(expected: bundle.policy, actual: actual) }
        self = bundle
    }
}

/// Why a bundle could not be used.
public enum BundleError: Error, Hashable, Sendable, CustomStringConvertible {
    case malformed(String)
    case unsupportedFormat(String)
    case hashMismatch(expected: String, actual: String)
    case tooManyTiers(Int)
    case unknownReference(String)
    /// A placement or experiment the bundle describes inconsistently: a bad condition, weights, winner.
    case invalidPlacements(String)

    public var description: String {
        switch self {
        case .malformed(let detail): "the bundle is not valid JSON of tollgate-bundle/v1: \(detail)"
        case .unsupportedFormat(let format): "unsupported bundle format '\(format)'; expected '\(PolicyBundle.currentFormat)'"
        case .hashMismatch(let expected, let actual):
            "the bundle's content does not match its hash (says \(expected), content is \(actual))"
        case .tooManyTiers(let count): "the policy has \(count) tiers; at most \(TierSet.capacity) are supported"
        case .unknownReference(let detail): "the bundle refers to \(detail)"
        case .invalidPlacements(let detail): "the bundle's placements are not valid: \(detail)"
        }
    }
}
