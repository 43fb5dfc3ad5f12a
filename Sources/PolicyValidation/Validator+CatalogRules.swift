extension Validator {
    /// The rules that compare each app with its store catalogs, only when the context has catalogs: first whether
    /// a catalog is the app's own and safe to keep, then products, then what each product is.
    static func catalogRules(_ context: ValidationContext) -> [any Rule] {
        guard let catalogs = context.catalogs else { return [] }
        return [
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
