package import Diagnostics
package import TollgateEvaluation

/// Store states of an entitlement, as the `entitlements:` table names them.
package typealias EntitlementState = TollgateEvaluation.EntitlementState

/// Whether an entitlement in a store state keeps access: the values of the `entitlements:` table.
package enum StateAccess: String, Hashable, Sendable, CaseIterable {
    case grant
    case deny
}

/// What to assume while the store has not answered yet.
package typealias UnknownAccess = TollgateEvaluation.UnknownAccess

extension EntitlementState {
    /// Whether a policy may let this state keep access: a refunded or revoked purchase and one still waiting
    /// for approval (Ask to Buy) were never paid for, so they always deny.
    package var mayGrant: Bool {
        self != .pending && self != .revoked
    }
}

/// The `entitlements:` table: which store states keep access.
package struct EntitlementRules: Hashable, Sendable {
    package var states: [EntitlementState: Located<StateAccess>]
    package var unknown: Located<UnknownAccess>
    package var span: SourceSpan

    package init(states: [EntitlementState: Located<StateAccess>], unknown: Located<UnknownAccess>,
                 span: SourceSpan) {
        self.states = states
        self.unknown = unknown
        self.span = span
    }

    /// The conservative table used where the file has no `entitlements:` section.
    package static func defaults(at span: SourceSpan) -> EntitlementRules {
        var states: [EntitlementState: Located<StateAccess>] = [:]
        for state in EntitlementState.allCases {
            states[state] = Located(state == .active || state == .gracePeriod ? .grant : .deny, at: span)
        }
        return EntitlementRules(states: states, unknown: Located(.deny, at: span), span: span)
    }
}
