package import Diagnostics
package import TollgateEvaluation

/// Store states of an entitlement, as the `entitlements:` table names them.
package typealias EntitlementState = TollgateEvaluation.EntitlementState

/// Whether a state keeps access.
package enum Access: String, Hashable, Sendable, CaseIterable {
    case grant
    case deny
}

/// What to assume while the store has not answered yet.
package typealias UnknownAccess = TollgateEvaluation.UnknownAccess

/// The `entitlements:` table: which store states keep access.
package struct EntitlementRules: Hashable, Sendable {
    package var states: [EntitlementState: Located<Access>]
    package var unknown: Located<UnknownAccess>
    package var span: SourceSpan

    package init(states: [EntitlementState: Located<Access>], unknown: Located<UnknownAccess>, span: SourceSpan) {
        self.states = states
        self.unknown = unknown
        self.span = span
    }

    /// The conservative table used where the file has no `entitlements:` section.
    package static func defaults(at span: SourceSpan) -> EntitlementRules {
        var states: [EntitlementState: Located<Access>] = [:]
        for state in EntitlementState.allCases {
            states[state] = Located(state == .active || state == .gracePeriod ? .grant : .deny, at: span)
        }
        return EntitlementRules(states: states, unknown: Located(.deny, at: span), span: span)
    }
}

/// Ad formats a placement can use.
package enum AdFormat: String, Hashable, Sendable, CaseIterable {
    case banner
    case interstitial
    case rewarded
    case native
    case appOpen = "app-open"
}

/// One place in the app where an ad may show.
package struct Placement: Hashable, Sendable {
    package var id: Located<String>
    package var format: Located<AdFormat>
    package var minInterval: Located<String>?

    package init(id: Located<String>, format: Located<AdFormat>, minInterval: Located<String>?) {
        self.id = id
        self.format = format
        self.minInterval = minInterval
    }
}

/// The `ads:` section: when ads may show, and where.
package struct AdRules: Hashable, Sendable {
    package var hideUntilSynced: Located<Bool>
    package var requireConsent: Located<Bool>
    package var placements: [Placement]
    package var span: SourceSpan

    package init(hideUntilSynced: Located<Bool>, requireConsent: Located<Bool>, placements: [Placement],
                 span: SourceSpan) {
        self.hideUntilSynced = hideUntilSynced
        self.requireConsent = requireConsent
        self.placements = placements
        self.span = span
    }
}
