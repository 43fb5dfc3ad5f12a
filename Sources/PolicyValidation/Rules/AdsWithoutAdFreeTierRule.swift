import Diagnostics
import PolicyModel

/// An app that shows ads should have a tier that removes them.
struct AdsWithoutAdFreeTierRule: Rule {
    static let id = "ads-without-ad-free-tier"
    static let severity = Severity.warning
    static let category = "features"
    static let summary = "ad placements exist but no tier is 'ad_free', so paying users see ads"
    static let explanation = """
        Ads show to everyone who holds no 'ad_free' tier. When no tier is 'ad_free', subscribers and \
        buyers keep seeing ads after paying, which users report as a broken purchase and which rarely is \
        what the product intends. Set 'ad_free: true' on the paid tier that removes ads; tiers that include \
        it are ad-free too.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let policy = app.policy
        guard let first = policy.ads.placements.first, !policy.tiers.contains(where: \.adFree) else { return [] }
        return [finding("ads show but no tier is 'ad_free', so paying users see them too", at: first.id.span,
                        help: "set 'ad_free: true' on the paid tier that removes ads")]
    }
}
