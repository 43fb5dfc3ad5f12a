import Diagnostics
import PolicyModel

/// At least one feature should work without paying.
struct FreeTierEmptyRule: Rule {
    static let id = "free-tier-empty"
    static let severity = Severity.warning
    static let category = "features"
    static let summary = "no feature is unlocked by the free tier"
    static let checklistItem: String? = "App is usable without paying (3.1.1, 2.1)"
    static let explanation = """
        When no feature has 'tier: free' (or a tier that 'free' includes), the app does nothing until the \
        user pays. App Review rejects apps that are only a paywall or that lock their primary function \
        behind a purchase without a trial (guidelines 2.1 and 3.1.1), and reviewers must be able to see \
        what the app does. Mark the features that work for everyone 'tier: free', or sell the app as a \
        paid app.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let policy = app.policy
        guard Self.freeFeatures(policy).isEmpty, let free = policy.tier(Policy.freeTier) else { return [] }
        return [finding("no feature is unlocked by the free tier, so nothing works without paying", at: free.id.span,
                        help: "set 'tier: free' on the features everyone can use")]
    }

    func evidence(_ app: AppSources) -> String {
        let names = Self.freeFeatures(app.policy).map(\.id.value)
        return "free features: \(names.joined(separator: ", "))"
    }

    private static func freeFeatures(_ policy: Policy) -> [Feature] {
        policy.features.filter { policy.unlocks(tier: Policy.freeTier, feature: $0) }
    }
}
