/// Placeholder until the reader lands.
struct AppStoreConnectReader {
    let document: CatalogDocument


    func catalog() throws(CatalogError) -> StoreCatalog {
        throw document.error("not read yet", at: document.root)
    }
}
