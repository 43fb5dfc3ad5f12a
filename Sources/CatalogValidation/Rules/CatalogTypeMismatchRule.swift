import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// A product has the type its store gives it.
struct CatalogTypeMismatchRule: CatalogRule {
    static let id = "catalog-type-mismatch"
    static let severity = Severity.error
    static let category = "catalog"
    static let summary = "consumable / non-consumable / auto-renewable / non-renewing differ"
    static let explanation = """
        The store fixes a product's type when the product is created, and its type decides everything the \
        policy does with a purchase: a consumable is used up, a non-consumable is kept and restored, an \
        auto-renewable subscription renews until cancelled, a non-renewing one ends. A policy that gives a \
        product another type than its store judges every purchase of it by the wrong rules. Google Play's \
        one-time products do not say whether they are consumed (the app decides when it acknowledges or \
        consumes the purchase), so a Play one-time product agrees with both 'consumable' and \
        'non-consumable'. Set the policy's 'type' to the store's, or sell the other kind of product under a \
        new id.
        """

    let catalogs: [String: [StoreCatalog]]

    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        comparison.matches.compactMap { match in
            let type = match.product.type.value
            let listed = match.listed.type.value
            guard !match.listed.agrees(with: type) else { return nil }
            let oneTime = !match.listed.tellsConsumability && !listed.isSubscription
            let store = oneTime ? "a one-time product" : "'\(listed.rawValue)'"
            return finding(
                "product '\(match.product.id.value)' is '\(type.rawValue)' in the policy but \(store) in "
                    + match.catalog.described,
                at: match.product.type.span,
                help: oneTime ? "set 'type: consumable' or 'type: non-consumable', or sell it under a new id"
                    : "set 'type: \(listed.rawValue)', or sell a '\(type.rawValue)' product under a new id",
                related: [.init(span: match.listed.type.span, message: "listed as \(store)")])
        }
    }
}
