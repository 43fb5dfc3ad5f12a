import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// Every product the policy sells in a store is in that store's catalog.
struct CatalogMissingProductRule: CatalogRule {
    static let id = "catalog-missing-product"
    static let severity = Severity.error
    static let category = "catalog"
    static let summary = "a policy product sold in that store is not in the catalog"
    static let checklistItem: String? = "Every product is in the store catalog"
    static let explanation = """
        A product the paywall offers but the store does not sell never loads: StoreKit returns no product for \
        its id and Google Play Billing no details, and the paywall shows an empty or broken offer (RevenueCat's \
        'offerings empty', error 23). Each product is compared with the catalogs of the stores that sell it \
        (its 'stores', or every store the app declares), and only with catalogs that can hold its kind: an App \
        Store Connect in-app purchase list says nothing about auto-renewable subscriptions, a subscription list \
        nothing about one-time products, so a product no given catalog can hold is not missing. Google Play \
        sells a subscription by base plan, as '<productId>:<basePlanId>'. Create the product in the store (and \
        save the catalog again), fix a mistyped id (the help suggests the closest listed one), or limit the \
        product to the stores that sell it with 'stores'.
        """

    let catalogs: [String: [StoreCatalog]]

    /// The missing products, then the notes that bear on them: how each catalog was read, and, for a catalog
    /// that missed a product, that it is one page of several.
    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        let missing = comparison.missing
        let missed = Set(missing.flatMap { $0.catalogs.map(\.file) })
        return missing.map { finding($0, in: comparison) } + comparison.catalogs.flatMap { catalog in
            catalog.notes(about: .format, as: Self.self)
                + (missed.contains(catalog.file) ? catalog.notes(about: .products, as: Self.self) : [])
        }
    }

    /// The finding for one missing product, with the closest listed id or base plan when there is one.
    private func finding(_ missing: CatalogComparison.Missing, in comparison: CatalogComparison) -> Diagnostic {
        let product = missing.product
        let listed = missing.catalogs.flatMap(\.products)
        let inCatalogs = missing.catalogs.count == 1
            ? missing.catalogs[0].described
            : "any of the \(missing.marketplace.storeName) catalogs "
                + missing.catalogs.map { "'\($0.file)'" }.joinedAsProse()
        let message = "product '\(product.id.value)' is not in \(inCatalogs)"
        if let basePlan = listed.first(where: { $0.id.value.hasPrefix(product.id.value + ":") }) {
            return finding(message, at: product.id.span,
                           help: "Google Play sells a subscription by base plan: name the product "
                               + "'\(basePlan.id.value)' (or another '\(product.id.value):<basePlanId>')",
                           related: [.init(span: basePlan.id.span, message: "'\(basePlan.id.value)' listed")])
        }
        if let plans = Self.basePlans(of: product.id.value, in: listed) {
            let names = plans.plans.map { "'\($0.id.value.dropFirst(plans.subscription.count + 1))'" }
            let first = plans.plans[0].id
            return finding(message, at: product.id.span,
                           help: "subscription '\(plans.subscription)' has the base plan(s) "
                               + "\(names.joinedAsProse()) on Google Play: add the base plan '\(plans.missing)', "
                               + "or name one of those",
                           related: [.init(span: first.span, message: "'\(first.value)' listed")])
        }
        if let close = Suggestion.closest(to: product.id.value, in: listed.map(\.id.value)),
           let near = listed.first(where: { $0.id.value == close }) {
            return finding(message, at: product.id.span, help: "did you mean '\(close)'?",
                           related: [.init(span: near.id.span, message: "'\(close)' listed")])
        }
        let others = comparison.policy.declaredMarketplaces.filter { $0 != missing.marketplace }
        let limit = others.isEmpty ? ""
            : ", or sell it only \(others.map { "on \($0.storeName)" }.joinedAsProse("or")) with "
                + "'stores: [\(others.map(\.rawValue).joined(separator: ", "))]'"
        return finding(message, at: product.id.span,
                       help: "create it in \(missing.marketplace.storeName) and save the catalog again\(limit)",
                       related: missing.catalogs.map {
                           .init(span: $0.span, message: "the catalog, with \($0.products.count) product(s)")
                       })
    }

    /// The listed base plans of the subscription a Play product id `<productId>:<basePlanId>` names, when the
    /// catalog has that subscription but not that base plan.
    private static func basePlans(of id: String, in listed: [CatalogProduct])
        -> (subscription: String, missing: String, plans: [CatalogProduct])? {
        let parts = id.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let plans = listed.filter { $0.id.value.hasPrefix(parts[0] + ":") }
        return plans.isEmpty ? nil : (String(parts[0]), String(parts[1]), plans)
    }

    func evidence(_ app: AppSources) -> String {
        guard let given = catalogs[app.policy.app.id.value], !given.isEmpty else { return "no catalog given" }
        let comparison = CatalogComparison(policy: app.policy, catalogs: given)
        guard !comparison.catalogs.isEmpty else { return "no catalog of the app's stores" }
        let found = Set(comparison.matches.map(\.product.id.value)).count
        return "\(found) product(s) found in " + comparison.catalogs.map(\.file).joinedAsProse()
    }
}
