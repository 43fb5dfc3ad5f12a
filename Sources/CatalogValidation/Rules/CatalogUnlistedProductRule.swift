import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// Every product a store catalog lists is one the policy sells in that store.
struct CatalogUnlistedProductRule: CatalogRule {
    static let id = "catalog-unlisted-product"
    static let severity = Severity.warning
    static let category = "catalog"
    static let summary = "a catalog product is not in the policy (or the policy does not sell it in that store)"
    static let explanation = """
        A product the store sells but the policy does not know grants nothing: a user who buys it (from an old \
        app version, a promotion or the store's own pages) unlocks no tier, and no paywall offers it. Often it \
        is a product the policy renamed, or one sold in a store the product's 'stores' leaves out. It is a \
        warning because a store also keeps products an app no longer sells. Declare the product (with its type \
        and the tiers it grants), add the store to its 'stores', or remove it from the store's catalog.
        """

    let catalogs: [String: [StoreCatalog]]

    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        let policyIDs = comparison.policy.products.map(\.id.value)
        return comparison.unlisted.map { unlisted in
            let id = unlisted.listed.id.value
            let store = unlisted.catalog.marketplace
            if let product = unlisted.elsewhere {
                let sellers = comparison.policy.marketplaces(of: product).map(\.storeName)
                let stores = product.stores?.first?.span ?? product.id.span
                return finding(
                    "\(unlisted.catalog.described) lists product '\(id)', which the policy sells only "
                        + (sellers.isEmpty ? "in no store" : "on \(sellers.joinedAsProse())"),
                    at: unlisted.listed.id.span,
                    help: "add '\(store.rawValue)' to its 'stores' if \(store.storeName) sells it",
                    related: [.init(span: stores, message: "'stores' of '\(id)'")])
            }
            return finding(
                "\(unlisted.catalog.described) lists product '\(id)', which the policy does not declare",
                at: unlisted.listed.id.span,
                help: Suggestion.didYouMean(id, in: policyIDs).map { "\($0) (a product id in the policy)" }
                    ?? "declare it under 'products:' with its type and the tiers it grants, or remove it from "
                        + "the store")
        }
    }
}
