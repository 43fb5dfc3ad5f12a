public import Foundation
public import TollgateEvaluation

/// One entry of a customer's entitlements as the service derived it from what the store confirmed: the product,
/// its state and end of access, and where the purchase comes from.
public struct CustomerEntitlement: Decodable, Hashable, Sendable {
    /// Whether the customer bought the product or has it through Family Sharing.
    public enum Ownership: String, Decodable, Hashable, Sendable, CaseIterable {
        case purchased
        case familyShared = "family_shared"
    }

    /// Which kind of period the customer is in: a free trial, an introductory or a promotional offer, or none.
    public enum PeriodType: String, Decodable, Hashable, Sendable, CaseIterable {
        case trial
        case intro
        case promotional
        case normal
    }

    public var product: String
    public var state: EntitlementState
    /// The end of access: for `active` the period's end, for `gracePeriod` the grace period's end; nil otherwise.
    public var expires: Date?
    public var store: Marketplace
    public var environment: CustomerEnvironment
    /// The store's id of the purchase: App Store's `originalTransactionId`.
    public var originalTransaction: String
    public var ownership: Ownership
    public var periodType: PeriodType
    /// Whether the subscription renews at the end of its period; false for products that do not renew.
    public var willRenew: Bool

    /// The entry as the evaluator takes it.
    public var entitlement: Entitlement {
        Entitlement(product: product, state: state, expires: expires)
    }

    enum CodingKeys: String, CodingKey {
        case product, state, expires, store, environment, ownership
        case originalTransaction = "original_transaction"
        case periodType = "period_type"
        case willRenew = "will_renew"
    }
}
