import Diagnostics
import PolicyModel

/// The free tier must not be ad-free while the app has ad placements.
struct AdFreeFreeTierRule: Rule {
    static let id = "ad-free-free-tier"
    static let severity = Severity.error
    static let category = "features"
    static let summary = "the free tier is 'ad_free' while ad placements exist, so ads never show"
    static let explanation = """
        Every user holds the free tier, so 'ad_free: true' on it turns ads off for everyone and every \
        placement under 'ads:' is dead configuration. Remove 'ad_free' from the free tier, or remove the \
        placements if the app shows no ads.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let policy = app.policy
        guard !policy.ads.placements.isEmpty, let free = policy.tier(Policy.freeTier), free.adFree else { return [] }
        return [finding("the free tier is 'ad_free', so no ad placement ever shows", at: free.id.span,
                        help: "remove 'ad_free: true' from 'free', or remove the placements under 'ads:'")]
    }
}
