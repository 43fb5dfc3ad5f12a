public import Foundation

/// Store states of an entitlement.
public enum EntitlementState: String, Codable, Hashable, Sendable, CaseIterable {
    case active
    case gracePeriod = "grace_period"
    case billingRetry = "billing_retry"
    case expired
    case revoked
    case pending
}

/// What to assume while the store has not answered: only free, everything listed, or the last known truth.
public enum UnknownAccess: String, Codable, Hashable, Sendable, CaseIterable {
    case deny
    case grant
    case cached
}

/// The store's product types.
public enum ProductType: String, Codable, Hashable, Sendable, CaseIterable {
    case consumable
    case nonConsumable = "non-consumable"
    case autoRenewable = "auto-renewable"
    case nonRenewing = "non-renewing"
}

/// A store that sells an app's products, spelled as in the policy file's `stores`.
public enum Marketplace: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    /// Apple's App Store, which sells to apps with a `bundle_id`.
    case appStore = "app-store"
    /// Google Play, which sells to apps with a `package_name`.
    case play

    /// The store apps on `platform` (the evaluation context's `platform`, any case) buy from: `ios`, `ipados`,
    /// `macos`, `tvos`, `watchos` and `visionos` the App Store, `android` Google Play; nil for anything else.
    public init?(platform: String) {
        switch platform.lowercased() {
        case "ios", "ipados", "macos", "tvos", "watchos", "visionos": self = .appStore
        case "android": self = .play
        default: return nil
        }
    }

    public static func < (lhs: Marketplace, rhs: Marketplace) -> Bool {
        lhs == .appStore && rhs == .play
    }
}

/// The user's answer to the ads consent prompt.
public enum Consent: String, Codable, Hashable, Sendable, CaseIterable {
    case granted
    case denied
    case unknown
}

/// One purchase as the store reports it: the product, its state and, for subscriptions, when it ends.
public struct Entitlement: Codable, Hashable, Sendable {
    public var product: String
    public var state: EntitlementState
    public var expires: Date?

    public init(product: String, state: EntitlementState = .active, expires: Date? = nil) {
        self.product = product
        self.state = state
        self.expires = expires
    }
}

/// What the app knows when it asks: the entitlements, whether the store has answered, ads consent, the time.
public struct EvaluationInput: Hashable, Sendable {
    public var entitlements: [Entitlement]
    /// False while the store has not answered yet.
    public var synced: Bool
    public var consent: Consent
    /// The time to judge `expires` against; the caller's clock when nil.
    public var now: Date?
    /// The currency to order upsell offers by; USD, or the policy's first currency, when nil.
    public var currency: String?
    /// Who the user is, for placements' audiences and experiments.
    public var user: UserContext

    public init(entitlements: [Entitlement], synced: Bool = true, consent: Consent = .unknown, now: Date? = nil,
                currency: String? = nil, user: UserContext = UserContext()) {
        self.entitlements = entitlements
        self.synced = synced
        self.consent = consent
        self.now = now
        self.currency = currency
        self.user = user
    }
}
