import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// A catalog is the app's own, from a store the app declares.
struct CatalogWrongAppRule: CatalogRule {
    static let id = "catalog-wrong-app"
    static let severity = Severity.error
    static let category = "catalog"
    static let summary = "the catalog belongs to another app, or to a store the policy does not declare"
    static let explanation = """
        A Google Play catalog names its app in 'packageName'; one that names another package than the policy's \
        'package_name' is another app's catalog, and comparing with it would report every product as missing. \
        A Google Play catalog for a policy without 'package_name', or an App Store catalog (a .storekit file or \
        an App Store Connect response) for a policy without 'bundle_id', is from a store the app does not sell \
        in. Such a catalog is not compared further. Pass the app's own catalog, or declare the store under \
        'app:' if the app does sell there.
        """

    let catalogs: [String: [StoreCatalog]]

    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        comparison.given.compactMap { Self.finding($0, policy: comparison.policy) }
    }

    /// The finding for `catalog` when it is not a catalog of `policy`'s app, or nil when it is.
    static func finding(_ catalog: StoreCatalog, policy: Policy) -> Diagnostic? {
        let app = policy.app
        let declared = Diagnostic.Related(span: app.id.span, message: "app '\(app.id.value)' declared")
        switch catalog.marketplace {
        case .appStore:
            guard app.bundleID == nil else { return nil }
            return Diagnostic(
                rule: id, severity: severity,
                message: "\(catalog.described) is an App Store catalog, but app '\(app.id.value)' has no 'bundle_id'",
                span: catalog.span,
                help: "add the app's 'bundle_id' under 'app:' if it sells in the App Store, or pass its own catalog",
                related: [declared])
        case .play:
            guard let package = app.packageName else {
                return Diagnostic(
                    rule: id, severity: severity,
                    message: "\(catalog.described) is a Google Play catalog, but app '\(app.id.value)' has no "
                        + "'package_name'",
                    span: catalog.packageName?.span ?? catalog.span,
                    help: "add the app's 'package_name' under 'app:' if it sells on Google Play, or pass its own "
                        + "catalog",
                    related: [declared])
            }
            guard let named = catalog.packageName, named.value != package.value else { return nil }
            return Diagnostic(
                rule: id, severity: severity,
                message: "\(catalog.described) is the catalog of package '\(named.value)', not of app "
                    + "'\(app.id.value)' ('\(package.value)')",
                span: named.span,
                help: "pass the catalog saved for '\(package.value)', or correct 'package_name'",
                related: [.init(span: package.span, message: "'package_name' of app '\(app.id.value)'")])
        }
    }
}
