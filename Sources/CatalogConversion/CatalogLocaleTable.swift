import PolicyModel
import StoreCatalog

/// The policy locales of a catalog, and the store's names of its products and groups in each.
struct CatalogLocaleTable {
    /// Policy locales in the order the catalog first names them; `en` when it names none.
    let locales: [String]
    /// Store locales the import renamed, for the comment on `locales`: `en_US` → `en`.
    let renamed: [(store: String, policy: String)]
    /// Whether the catalog has no localizations at all.
    let isEmpty: Bool
    private let policyLocale: [String: String]

    init(_ products: [CatalogProduct], _ groups: [CatalogGroup]) {
        let storeLocales = products.flatMap { $0.localizations.map(\.locale.value) }
            + groups.flatMap { $0.localizations.map(\.locale.value) }
        let mapping = StoreLocales.policyLocales(for: storeLocales)
        policyLocale = Dictionary(mapping.map { ($0.store, $0.policy) }) { first, _ in first }
        var locales: [String] = []
        var renamed: [(store: String, policy: String)] = []
        for pair in mapping {
            if !locales.contains(pair.policy) { locales.append(pair.policy) }
            if pair.store != pair.policy, !renamed.contains(where: { $0.store == pair.store }) { renamed.append(pair) }
        }
        isEmpty = locales.isEmpty
        self.locales = locales.isEmpty ? ["en"] : locales
        self.renamed = renamed
    }

    var defaultLocale: String { locales[0] }

    /// The non-empty display names of `localizations` by policy locale, the first of each locale.
    func titles(_ localizations: [CatalogLocalization]) -> [String: String] {
        var result: [String: String] = [:]
        for localization in localizations {
            guard let name = localization.displayName?.value, !name.isEmpty,
                  let locale = policyLocale[localization.locale.value], result[locale] == nil else { continue }
            result[locale] = name
        }
        return result
    }
}
