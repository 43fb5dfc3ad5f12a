import Diagnostics
import PolicyModel

/// Apps that sell restorable products must let users restore them from the paywall.
struct RestoreEntryRule: Rule {
    static let id = "restore-entry"
    static let severity = Severity.error
    static let category = "review"
    static let summary = "restorable products are sold but restore is not reachable from the paywall"
    static let checklistItem: String? = "Restore purchases reachable from the paywall (3.1.1)"
    static let explanation = """
        App Review guideline 3.1.1 asks for a restore mechanism for restorable purchases (non-consumables \
        and auto-renewable subscriptions), and reviewers look for a "Restore Purchases" button. List where \
        users find it under 'review.restore.locations', including 'paywall'.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let policy = app.policy
        guard policy.products.contains(where: { $0.type.value.isRestorable }) else { return [] }
        guard let restore = policy.review.restore, !restore.locations.isEmpty else {
            let span = policy.review.restore?.span ?? policy.review.span
            return [finding("restorable products are sold but 'review.restore.locations' is empty", at: span,
                            help: "add 'restore: { locations: [paywall, settings] }' under 'review:'")]
        }
        guard restore.locations.contains(where: { $0.value == "paywall" }) else {
            return [finding("restore is not offered on the paywall", at: restore.span,
                            help: "add 'paywall' to 'review.restore.locations'")]
        }
        return []
    }

    func evidence(_ app: AppSources) -> String {
        let locations = app.policy.review.restore?.locations.map(\.value) ?? []
        return locations.isEmpty ? "nothing restorable is sold" : "restore in: \(locations.joined(separator: ", "))"
    }
}
