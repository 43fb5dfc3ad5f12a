public import TollgateEvaluation

/// What the service knows of a customer after it recorded a transaction: the entitlements the stores confirmed and
/// the credit balances, in one environment.
public struct CustomerStatus: Decodable, Hashable, Sendable {
    public var app: String
    /// The app's own id for the person.
    public var customer: String
    /// The environment whose purchases `entitlementDetails` and `credits` count.
    public var environment: CustomerEnvironment
    /// The entitlements with where each purchase comes from.
    public var entitlementDetails: [CustomerEntitlement]
    /// Each consumable currency's balance, such as `["coins": 90]`; it may be below zero after a refund.
    public var credits: [String: Int64]

    /// The entitlements as the evaluator takes them: keep them to answer `access` and `evaluate(_:)` offline.
    public var entitlements: [Entitlement] {
        entitlementDetails.map(\.entitlement)
    }

    enum CodingKeys: String, CodingKey {
        case app, customer, environment, credits
        case entitlementDetails = "entitlements"
    }
}
