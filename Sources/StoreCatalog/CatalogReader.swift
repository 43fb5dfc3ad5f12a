import TollgateEvaluation

/// Reads a catalog file of any supported kind, telling the kind by its content, never by its name.
package struct CatalogReader: Sendable {
    /// The ISO 4217 currency of a storefront (ISO 3166-1 alpha-3, such as `USA`), for `.storekit` prices.
    package var currencyOfStorefront: @Sendable (String) -> String?

    package init(currencyOfStorefront: @escaping @Sendable (String) -> String?) {
        self.currencyOfStorefront = currencyOfStorefront
    }

    /// What the kinds of catalog file look like, for the error about a file of none of them.
    static let expected = """
        expected an Xcode StoreKit configuration (.storekit, with 'products' or 'subscriptionGroups'), an App Store \
        Connect API response (JSON:API, with 'data') or a Google Play Developer API response (with 'subscriptions', \
        'oneTimeProducts' or 'inappproduct')
        """

    /// The catalog in `bytes`, read from `file`; a file of an unknown shape is one error naming what was expected.
    package func read(file: String, bytes: [UInt8]) throws(CatalogError) -> StoreCatalog {
        let document = try CatalogDocument(file: file, bytes: bytes)
        let root = document.root
        guard root.members != nil else {
            throw document.error("not a store catalog: the file holds \(root.kindName); \(Self.expected)", at: root)
        }
        if root["subscriptionGroups"] != nil || root["nonRenewingSubscriptions"] != nil
            || (root["products"] != nil && (root["version"] != nil || root["settings"] != nil)) {
            return try StoreKitReader(document: document, currencyOfStorefront: currencyOfStorefront).catalog()
        }
        if root["data"] != nil {
            return try AppStoreConnectReader(document: document).catalog()
        }
        if root["subscriptions"] != nil || root["oneTimeProducts"] != nil || root["inappproduct"] != nil
            || root["basePlans"] != nil || root["purchaseOptions"] != nil || root["sku"] != nil {
            return try PlayReader(document: document).catalog()
        }
        let names = (root.members ?? []).prefix(5).map { "'\($0.name)'" }.joined(separator: ", ")
        throw document.error("not a store catalog: the top-level object has \(names.isEmpty ? "no members" : names); "
                                 + Self.expected, at: root)
    }
}
