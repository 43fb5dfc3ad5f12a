import Diagnostics
import PolicyModel

/// An app with an Apple ID sells on the App Store, whose notifications are matched by bundle id.
struct AppleIDWithoutBundleIDRule: Rule {
    static let id = "apple-id-without-bundle-id"
    static let severity = Severity.warning
    static let category = "references"
    static let summary = "'app.apple_id' is set but 'app.bundle_id' is not"
    static let explanation = """
        An Apple ID says the app is on the App Store, and Tollgate checks App Store notifications and \
        signed transactions against the bundle id ('bundleId' must equal 'app.bundle_id') as well as the \
        Apple ID. An Apple ID without a bundle id is almost always a bundle id left out: add it, as App \
        Store Connect shows it.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        guard let appleID = app.policy.app.appleID, app.policy.app.bundleID == nil else { return [] }
        return [finding("apple_id is set but bundle_id is missing; App Store notifications are checked against both",
                        at: appleID.span, help: "add 'bundle_id:' to app, such as 'bundle_id: com.example.app'")]
    }
}
