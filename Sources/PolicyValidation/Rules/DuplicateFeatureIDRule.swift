import Diagnostics
import PolicyModel

/// Feature ids must differ in more than case and must not clash with the OFREP flags of ad placements.
struct DuplicateFeatureIDRule: Rule {
    static let id = "duplicate-feature-id"
    static let severity = Severity.error
    static let category = "references"
    static let summary = "two feature ids differ only in case, or a feature id clashes with an ad placement's flag"
    static let explanation = """
        Every feature is an OpenFeature flag named by its id, and every ad placement a flag named \
        'ads.<placement>'. Ids that differ only in case ('Cloud-Sync' and 'cloud-sync') are easily swapped \
        in client code and collide in case-insensitive stores, and a feature called 'ads.banner.home' would \
        answer in place of the placement's flag. Rename one of them.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        var first: [String: Located<String>] = [:]
        for placement in app.policy.ads.placements {
            let flag = "ads.\(placement.id.value)"
            first[flag.lowercased()] = first[flag.lowercased()] ?? Located(flag, at: placement.id.span)
        }
        let placementFlags = Set(first.keys)
        var findings: [Diagnostic] = []
        for feature in app.policy.features {
            let id = feature.id
            let key = id.value.lowercased()
            guard let earlier = first[key] else {
                first[key] = id
                continue
            }
            if placementFlags.contains(key) {
                let placement = String(earlier.value.dropFirst("ads.".count))
                findings.append(finding(
                    "feature id '\(id.value)' clashes with the flag '\(earlier.value)' of ad placement '\(placement)'",
                    at: id.span, help: "rename the feature; 'ads.' flags belong to ad placements",
                    related: [.init(span: earlier.span, message: "placement '\(placement)' declared")]))
            } else if earlier.value != id.value {
                findings.append(finding(
                    "feature id '\(id.value)' differs from '\(earlier.value)' only in case", at: id.span,
                    help: "rename one of them, or merge them if they are the same feature",
                    related: [.init(span: earlier.span, message: "'\(earlier.value)' first declared")]))
            }
        }
        return findings
    }
}
