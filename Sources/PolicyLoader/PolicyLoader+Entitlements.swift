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
        var rules = EntitlementRules.defaults(at: node.span)
        for state in EntitlementState.allCases {
            if let access = fields[state.rawValue].flatMap({ value($0, "entitlements.\(state.rawValue)", as: StateAccess.self) }) {
                rules.states[state] = access
            }
        }
        if let unknown = fields["unknown"].flatMap({ value($0, "entitlements.unknown", as: UnknownAccess.self) }) {
            rules.unknown = unknown
        }
        return rules
    }

    mutating func ads(_ node: Node?, in root: Node) -> AdRules? {
        guard let node else {
            let span = SourceSpan(file: root.span.file, start: root.span.start, end: root.span.start)
            return AdRules(hideUntilSynced: Located(true, at: span), requireConsent: Located(true, at: span),
                           placements: [], span: span)
        }
        guard let fields = mapping(node, "ads", allowed: Self.adsKeys) else { return nil }
        let placements = fields["placements"].map { node in
            entries(node, "ads.placements").compactMap { id, value in placement(id, value) }
        } ?? []
        return AdRules(
            hideUntilSynced: fields["hide_until_synced"].flatMap { bool($0, "ads.hide_until_synced") }
                ?? Located(true, at: node.span),
            requireConsent: fields["require_consent"].flatMap { bool($0, "ads.require_consent") }
                ?? Located(true, at: node.span),
            placements: placements, span: node.span)
    }

    private mutating func placement(_ id: Located<String>, _ node: Node) -> Placement? {
        let what = "placement '\(id.value)'"
        guard let fields = mapping(node, what, allowed: Self.placementKeys, required: Self.placementRequiredKeys),
              let format = fields["format"].flatMap({ value($0, "format of \(what)", as: AdFormat.self) })
        else { return nil }
        return Placement(id: id, format: format,
                         minInterval: fields["min_interval"].flatMap { string($0, "min_interval of \(what)") })
    }
}
