import TollgateEvaluation

/// What the customer routes need of an app's policy: who the app is in the stores, what a restore on
/// another account does, and what each product is.
package struct CustomerPolicy: Sendable {
    package var app: String
    /// `app.bundle_id`: the App Store payloads' `bundleId` must equal it.
    package var bundleID: String?
    /// `app.apple_id`: a Production payload's `appAppleId` must equal it when both are set.
    package var appleID: Int64?
    /// `app.package_name`: the Play notifications' `packageName` must equal it.
    package var packageName: String?
    package var restore: RestoreMode
    /// The policy's products by id.
    package var products: [String: ProductFacts]

    package init(app: String, bundleID: String?, appleID: Int64?, restore: RestoreMode,
                 products: [String: ProductFacts], packageName: String? = nil) {
        self.app = app
        self.bundleID = bundleID
        self.appleID = appleID
        self.packageName = packageName
        self.restore = restore
        self.products = products
    }
}
