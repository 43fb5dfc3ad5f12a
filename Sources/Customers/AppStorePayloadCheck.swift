/// Whether a verified payload is for this app and from an environment Apple signs: its `bundleId`
/// must be the policy's `bundle_id`, its `appAppleId` the policy's `apple_id` when both are set and the payload is
/// from Production, and its environment `Production` or `Sandbox` (`Xcode` and `LocalTesting` data is not signed
/// by Apple).
package enum AppStorePayloadCheck: Hashable, Sendable {
    case ok
    /// Another app's payload; the reason names the member that differs: a `wrong-app` problem.
    case wrongApp(String)
    /// Apple's environment text, or an empty text when the payload names none: an `unsupported-environment` problem.
    case unsupportedEnvironment(String)

    /// Checks the members of a payload against the app's `bundleID` and `appleID`.
    package init(bundleID: String?, appAppleID: Int64?, environment: String?, expectedBundleID: String,
                 expectedAppleID: Int64?) {
        if bundleID != expectedBundleID {
            self = .wrongApp("bundleId " + (bundleID.map { "'\($0)'" } ?? "missing") + ", not '\(expectedBundleID)'")
        } else if environment == "Production", let expectedAppleID, let appAppleID, appAppleID != expectedAppleID {
            self = .wrongApp("appAppleId \(appAppleID), not \(expectedAppleID)")
        } else if let environment, StoreEnvironment(appStore: environment) != nil {
            self = .ok
        } else {
            self = .unsupportedEnvironment(environment ?? "")
        }
    }

    /// Checks a notification's app and environment.
    package init(_ notification: AppStoreNotification, bundleID: String, appleID: Int64?) {
        self.init(bundleID: notification.bundleID, appAppleID: notification.appAppleID,
                  environment: notification.environment, expectedBundleID: bundleID, expectedAppleID: appleID)
    }

    /// Checks a transaction's app and environment; a transaction carries no `appAppleId`.
    package init(_ transaction: AppStoreTransaction, bundleID: String) {
        self.init(bundleID: transaction.bundleID, appAppleID: nil, environment: transaction.environment,
                  expectedBundleID: bundleID, expectedAppleID: nil)
    }

    /// Checks renewal info, which names its environment only.
    package init(_ renewal: AppStoreRenewalInfo) {
        let supported = StoreEnvironment(appStore: renewal.environment) != nil
        self = supported ? .ok : .unsupportedEnvironment(renewal.environment)
    }
}
