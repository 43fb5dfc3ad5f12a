import Diagnostics
import Foundation
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// A reference price is what the store charges in that currency.
struct CatalogPriceMismatchRule: CatalogRule {
    static let id = "catalog-price-mismatch"
    static let severity = Severity.warning
    static let category = "catalog"
    static let summary = "a reference price differs from the catalog's price in the same currency"
    static let explanation = """
        Reference prices are what previews, 'matrix' and the 'yearly-not-cheaper' check work with; the store's \
        price is what users pay. A reference price that differs from the catalog's price in the same currency \
        makes every preview and comparison wrong. Prices are compared as decimal numbers ('2.99' is '2.990'), \
        and only in currencies both sides have; a catalog without prices (such as an App Store Connect list) \
        says nothing. A .storekit file holds the prices of one storefront, its '_storefront' (the USA, in US \
        dollars, when it has none: a note says so whenever its prices are compared). Set the reference price \
        to the store's, or change the price in the store.
        """

    let catalogs: [String: [StoreCatalog]]

    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        var compared: Set<Int> = []
        for match in comparison.matches where match.catalog.tells(.prices) {
            for price in match.product.referencePrices {
                guard let listed = match.listed.prices[price.currency.value] else { continue }
                compared.insert(match.catalogIndex)
                guard let ours = Decimal(policyAmount: price.amount.value),
                      let theirs = Decimal(policyAmount: listed.value), ours != theirs else { continue }
                let currency = price.currency.value
                findings.append(finding(
                    "product '\(match.product.id.value)' has the reference price \(price.amount.value) \(currency), "
                        + "but \(match.catalog.described) sells it for \(listed.value) \(currency)",
                    at: price.amount.span,
                    help: "set its \(currency) reference price to \"\(listed.value)\", or change the price in the "
                        + "store",
                    related: [.init(span: listed.span, message: "\(listed.value) \(currency) listed")]))
            }
        }
        for index in compared.sorted() {
            let catalog = comparison.catalogs[index]
            findings += catalog.notes(about: .prices, as: Self.self)
        }
        return findings
    }
}
