package import PolicyModel
package import StoreCatalog

/// `tollgate catalog import`: a starting policy and its templates from a store catalog, written as text that
/// `tollgate validate` accepts without errors.
package struct CatalogImporter: Sendable {
    /// One file to write, by its path relative to the project folder.
    package struct File: Hashable, Sendable {
        package var path: String
        package var text: String
    }

    /// What the import writes, and what the user should know about it.
    package struct Result: Hashable, Sendable {
        /// The policy first, then one template per locale.
        package var files: [File]
        package var notes: [String]
    }

    package var appID: String
    /// The currencies the policy accepts and their decimals (ICU's, from the command line).
    package var currencyDigits: CurrencyDigits

    package init(appID: String, currencyDigits: @escaping CurrencyDigits) {
        self.appID = appID
        self.currencyDigits = currencyDigits
    }

    /// The files of `catalog`'s starting policy: `Policies/<app>.yaml` and `Templates/<app>/<locale>.yaml`.
    package func files(from catalog: StoreCatalog) throws(CatalogImportError) -> Result {
        var notes: [String] = []
        let policy = try StartingPolicy(catalog: catalog, appID: appID, currencyDigits: currencyDigits, notes: &notes)
        let templates = policy.locales.map { locale in
            File(path: "Templates/\(appID)/\(locale).yaml", text: policy.templateText(locale: locale))
        }
        return Result(files: [File(path: "Policies/\(appID).yaml", text: policy.policyText)] + templates, notes: notes)
    }
}
