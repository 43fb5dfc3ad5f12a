public import Foundation

/// What the app says about the user and itself when it asks which paywall to show; every key may be absent.
public struct UserContext: Hashable, Sendable {
    /// The id experiments bucket by; absent or empty puts the user in an experiment's first variant.
    public var userID: String?
    /// ISO 3166-1 alpha-3, as StoreKit's `Storefront.countryCode` gives it: `JPN`.
    public var storefront: String?
    /// A BCP 47 tag: `ja-JP`.
    public var locale: String?
    public var platform: String?
    /// One to four dot-separated whole numbers: `2.4.1`.
    public var appVersion: String?
    public var installDate: Date?
    /// What else the app knows: `source`, `sessions`, `beta`.
    public var attributes: [String: AttributeValue]

    public init(userID: String? = nil, storefront: String? = nil, locale: String? = nil, platform: String? = nil,
                appVersion: String? = nil, installDate: Date? = nil, attributes: [String: AttributeValue] = [:]) {
        self.userID = userID
        self.storefront = storefront
        self.locale = locale
        self.platform = platform
        self.appVersion = appVersion
        self.installDate = installDate
        self.attributes = attributes
    }
}

/// An attribute's value: a string, a number or a boolean.
public enum AttributeValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
}
