import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// Every locale of the app has the store's name and description of every product.
struct CatalogLocaleMissingRule: CatalogRule {
    static let id = "catalog-locale-missing"
    static let severity = Severity.warning
    static let category = "catalog"
    static let summary = "a policy locale has no store localization for a product"
    static let explanation = """
        The store shows its own name and description of a product on the payment sheet, in purchase history \
        and in subscription settings. A locale the app is translated into but the store has no localization \
        for shows those in another language. A policy locale is covered by a store localization of the same \
        language and region, written with '_' or '-' ('pt-BR' by 'pt_BR'), or of a more specific one ('en' by \
        'en_US', 'en-GB' or 'en'); a catalog that does not tell localizations (such as an App Store Connect \
        list saved without them) says nothing. Add the product's name and description in that language in the \
        store.
        """

    let catalogs: [String: [StoreCatalog]]

    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        let locales = comparison.policy.app.locales
        return comparison.matches.compactMap { match in
            guard match.catalog.tells(.localizations) else { return nil }
            let store = match.listed.localizations.map { Self.normalized($0.locale.value) }
            let missing = locales.filter { locale in
                let wanted = Self.normalized(locale.value)
                return !store.contains { $0 == wanted || $0.hasPrefix(wanted + "-") }
            }
            guard !missing.isEmpty else { return nil }
            let names = missing.map { "'\($0.value)'" }.joinedAsProse()
            return finding(
                "\(match.catalog.described) has no localization of product '\(match.product.id.value)' for \(names)",
                at: match.listed.id.span,
                help: "add its name and description in \(names) in \(match.catalog.marketplace.storeName), and "
                    + "save the catalog again",
                related: missing.map { .init(span: $0.span, message: "locale '\($0.value)' declared") })
        }
    }

    /// A locale compared without case and with '-' between its parts: 'en_US' is 'en-us'.
    static func normalized(_ locale: String) -> String {
        String(locale.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}
