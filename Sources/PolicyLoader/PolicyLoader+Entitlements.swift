import Diagnostics
import PolicyModel
import YAML
import TollgateEvaluation

extension NodeReader {
    static let entitlementKeys = EntitlementState.allCases.map(\.rawValue) + ["unknown"]
    static let adsKeys = ["hide_until_synced", "require_consent", "placements"]
    static let placementKeys = ["format", "min_interval"]
    static let placementRequiredKeys = ["format"]

    mutating func entitlements(_ node: Node) -> EntitlementRules? {
        guard let fields = mapping(node, "entitlements", allowed: Self.entitlementKeys) else { return nil }
        var rules = EntitlementRules.defaults(at: span(node))
        for state in EntitlementState.allCases {
            guard let node = fields[state.rawValue] else { continue }
            let access = state.mayGrant ? value(node, "entitlements.\(state.rawValue)", as: StateAccess.self)
                : denial(node, of: state)
            if let access { rules.states[state] = access }
        }
        if let unknown = fields["unknown"].flatMap({ value($0, "entitlements.unknown", as: UnknownAccess.self) }) {
            rules.unknown = unknown
        }
        return rules
    }

    /// Why a state that never grants does not, as the start of a sentence.
    private static func whyNeverGrants(_ state: EntitlementState) -> String {
        state == .pending ? "a purchase waiting for approval (Ask to Buy) or payment is not paid for and may never be"
            : "a refunded or revoked purchase is no longer paid for"
    }

    /// The value of a state that never grants, which may only be `deny`.
    private mutating func denial(_ node: Node, of state: EntitlementState) -> Located<StateAccess>? {
        let what = "entitlements.\(state.rawValue)"
        guard let text = string(node, what) else { return nil }
        switch StateAccess(rawValue: text.value) {
        case .deny:
            return Located(.deny, at: text.span)
        case .grant:
            report(LoaderRules.stateNeverGrants, "\(what) must be 'deny'; found 'grant'", at: text.span,
                   help: "\(Self.whyNeverGrants(state)), so it never grants: write 'deny'")
        case nil:
            report(LoaderRules.invalidValue, "\(what) must be 'deny'; found '\(text.value)'", at: text.span,
                   help: Suggestion.didYouMean(text.value, in: [StateAccess.deny.rawValue]))
        }
        return nil
    }

    mutating func ads(_ node: Node?, in root: Node) -> AdRules? {
        guard let node else {
            let span = startSpan(root)
            return AdRules(hideUntilSynced: Located(true, at: span), requireConsent: Located(true, at: span),
                           placements: [], span: span)
        }
        guard let fields = mapping(node, "ads", allowed: Self.adsKeys) else { return nil }
        let placements = fields["placements"].map { node in
            entries(node, "ads.placements").compactMap { id, value in placement(id, value) }
        } ?? []
        return AdRules(
            hideUntilSynced: fields["hide_until_synced"].flatMap { bool($0, "ads.hide_until_synced") }
                ?? Located(true, at: span(node)),
            requireConsent: fields["require_consent"].flatMap { bool($0, "ads.require_consent") }
                ?? Located(true, at: span(node)),
            placements: placements, span: span(node))
    }

    private mutating func placement(_ id: Located<String>, _ node: Node) -> AdPlacement? {
        let what = "placement '\(id.value)'"
        guard let fields = mapping(node, what, allowed: Self.placementKeys, required: Self.placementRequiredKeys),
              let format = fields["format"].flatMap({ value($0, "format of \(what)", as: AdFormat.self) })
        else { return nil }
        return AdPlacement(id: id, format: format,
                         minInterval: fields["min_interval"].flatMap { string($0, "min_interval of \(what)") })
    }
}
