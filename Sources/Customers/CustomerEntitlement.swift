package import JSON
package import TollgateEvaluation

/// One entry of a customer's entitlement list: the evaluator's product, state and `expires`, and where the
/// purchase comes from.
package struct CustomerEntitlement: Hashable, Sendable {
    package var product: String
    package var state: EntitlementState
    /// The end of access: the period's end while `active`, the grace period's end in `grace_period`, else nil, so
    /// that the evaluator's rule (a past `expires` means expired) keeps every state.
    package var expires: Timestamp?
    package var store: Marketplace
    package var environment: StoreEnvironment
    /// The purchase's `originalTransactionId`.
    package var originalTransaction: String
    package var ownership: Ownership
    package var periodType: PeriodType
    /// Whether the subscription renews at the end of its period; false without renewal info.
    package var willRenew: Bool

    package init(product: String, state: EntitlementState, expires: Timestamp?, store: Marketplace,
                 environment: StoreEnvironment, originalTransaction: String, ownership: Ownership,
                 periodType: PeriodType, willRenew: Bool) {
        self.product = product
        self.state = state
        self.expires = expires
        self.store = store
        self.environment = environment
        self.originalTransaction = originalTransaction
        self.ownership = ownership
        self.periodType = periodType
        self.willRenew = willRenew
    }

    /// The evaluator's input for this entry.
    package var entitlement: Entitlement {
        Entitlement(product: product, state: state, expires: expires?.date)
    }

    /// Writes the entry as the customer document's JSON object, members in this order: `product`, `state`,
    /// `expires` (when set, ISO 8601), `store`, `environment`, `original_transaction`, `ownership`, `period_type`,
    /// `will_renew`.
    package func write(to writer: inout JSONWriter) {
        writer.object { members in
            members.member("product") { $0.string(product) }
            members.member("state") { $0.string(state.rawValue) }
            if let expires { members.member("expires") { $0.string(expires.description) } }
            members.member("store") { $0.string(store.rawValue) }
            members.member("environment") { $0.string(environment.rawValue) }
            members.member("original_transaction") { $0.string(originalTransaction) }
            members.member("ownership") { $0.string(ownership.rawValue) }
            members.member("period_type") { $0.string(periodType.rawValue) }
            members.member("will_renew") { $0.bool(willRenew) }
        }
    }
}

/// Which price a subscription period was bought at, from the transaction's offer.
package enum PeriodType: String, Hashable, Sendable, CaseIterable {
    /// A free trial (`offerDiscountType` `FREE_TRIAL`, whatever the offer).
    case trial
    /// A paid introductory offer (`offerType` 1).
    case intro
    /// Any other offer the developer runs: promotional (2), an offer code (3), win-back (4) or one Apple adds later.
    case promotional
    /// No offer: the regular price.
    case normal

    /// The period type of a transaction with these offer members.
    package init(offerType: Int?, offerDiscountType: String?) {
        if offerDiscountType == "FREE_TRIAL" {
            self = .trial
        } else if let offerType {
            self = offerType == 1 ? .intro : .promotional
        } else {
            self = .normal
        }
    }
}
