import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog

/// A rule that compares an app with the store catalogs given for it, and finds nothing without them.
protocol CatalogRule: Rule {
    /// The catalogs of each app, by app id.
    var catalogs: [String: [StoreCatalog]] { get }

    func check(_ comparison: CatalogComparison) -> [Diagnostic]
}

extension CatalogRule {
    func check(_ app: AppSources) -> [Diagnostic] {
        guard let given = catalogs[app.policy.app.id.value], !given.isEmpty else { return [] }
        return check(CatalogComparison(policy: app.policy, catalogs: given))
    }
}
