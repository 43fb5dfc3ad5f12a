/// Placeholder until the reader lands.
struct StoreKitReader {
    let document: CatalogDocument
    let currencyOfStorefront: @Sendable (String) -> String?

    func catalog() throws(CatalogError) -> StoreCatalog {
        throw document.error("not read yet", at: document.root)
    }
}
