package import PolicyValidation
package import StoreCatalog

/// The rules that compare each app with its store catalogs: first whether a catalog is the app's own and safe to
/// keep, then products, then what each product is.
package struct CatalogRules: RuleProvider {
    /// The catalogs of each app, by app id.
    package var catalogs: [String: [StoreCatalog]]

    package init(catalogs: [String: [StoreCatalog]]) {
        self.catalogs = catalogs
    }

    package static let ruleTypes: [any Rule.Type] = CatalogRules(catalogs: [:]).rules(
        ValidationContext(pluralCategories: { _ in nil }, currencyDigits: { _ in nil }, storefronts: [:])
    ).map { type(of: $0) }

    package func rules(_ context: ValidationContext) -> [any Rule] {
        [
            CatalogWrongAppRule(catalogs: catalogs),
            StoreKitPrivateKeyRule(catalogs: catalogs),
            CatalogMissingProductRule(catalogs: catalogs),
            CatalogUnlistedProductRule(catalogs: catalogs),
            CatalogTypeMismatchRule(catalogs: catalogs),
            CatalogGroupMismatchRule(catalogs: catalogs),
            CatalogLevelMismatchRule(catalogs: catalogs),
            CatalogPeriodMismatchRule(catalogs: catalogs),
            CatalogIntroMismatchRule(catalogs: catalogs),
            CatalogPriceMismatchRule(catalogs: catalogs),
            CatalogLocaleMissingRule(catalogs: catalogs),
        ]
    }
}
