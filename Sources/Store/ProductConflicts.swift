extension ProductConflict {
    /// Products of `publication` whose id the store holds with another type, or retired before `latest`
    /// (the app's newest version): what both backends check again inside the write transaction.
    static func find(in publication: Publication, published: [String: (type: String, lastVersion: Int64)],
                     latest: Int64) -> [ProductConflict] {
        publication.products.compactMap { product in
            guard let earlier = published[product.id] else { return nil }
            if earlier.type != product.type {
                return .typeChanged(id: product.id, published: earlier.type, proposed: product.type)
            }
            return earlier.lastVersion < latest ? .idReused(id: product.id) : nil
        }
    }
}
