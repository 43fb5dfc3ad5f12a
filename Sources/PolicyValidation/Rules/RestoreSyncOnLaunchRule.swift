import Diagnostics
import PolicyModel

/// Restoring purchases must be a user action, never something the app does at launch.
struct RestoreSyncOnLaunchRule: Rule {
    static let id = "restore-sync-on-launch"
    static let severity = Severity.error
    static let category = "review"
    static let summary = "the app syncs with the store at launch instead of when the user taps restore"
    static let checklistItem: String? = "Restore is a user action, not run at launch"
    static let explanation = """
        Syncing with the store (StoreKit's AppStore.sync(), the old restoreCompletedTransactions) asks the \
        user to sign in with their Apple ID, and App Review rejects apps that show that prompt at launch. \
        At launch, read what the user owns without a prompt (Transaction.currentEntitlements, Play's \
        queryPurchasesAsync), and sync only when the user taps "Restore Purchases". Set \
        'review.restore.sync_on_launch: false'.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        guard let sync = app.policy.review.restore?.syncOnLaunch, sync.value else { return [] }
        return [finding("'sync_on_launch' is true: the app would ask for the store account at launch", at: sync.span,
                        help: "set 'sync_on_launch: false' and sync only when the user taps restore")]
    }

    func evidence(_ app: AppSources) -> String {
        let setting = app.policy.review.restore?.syncOnLaunch == nil
            ? "'sync_on_launch' not set" : "'sync_on_launch: false'"
        return "restore runs only when the user asks (\(setting))"
    }
}
