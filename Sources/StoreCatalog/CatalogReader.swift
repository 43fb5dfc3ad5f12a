import JSON

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

    /// The catalog in `bytes`, read from `file`; a file of an unknown shape, or with the marks of more than one
    /// kind, is one error naming what was expected.
    package func read(file: String, bytes: [UInt8]) throws(CatalogError) -> StoreCatalog {
        let document = try CatalogDocument(file: file, bytes: bytes)
        switch try Self.kind(of: document) {
        case .storeKit:
            return try StoreKitReader(document: document, currencyOfStorefront: currencyOfStorefront).catalog()
        case .appStoreConnect:
            return try AppStoreConnectReader(document: document).catalog()
        case .play:
            return try PlayReader(document: document).catalog()
        }
    }

    /// The kind of catalog `document` is, told by the members of its top-level object.
    static func kind(of document: CatalogDocument) throws(CatalogError) -> CatalogKind {
        let root = document.root
        guard let members = root.members else {
            throw document.error("not a store catalog: the file holds \(root.kindName); \(expected)", at: root,
                                 as: CatalogError.notACatalog)
        }
        let names = Set(members.map(\.name))
        let kinds = CatalogKind.allCases.compactMap { kind in
            let marks = kind.marks(in: names)
            return marks.isEmpty ? nil : (kind: kind, marks: marks)
        }
        guard kinds.count <= 1 else {
            let mixed = kinds.map { "\($0.kind.rawValue) (\(quoted($0.marks)))" }
            throw document.error("not a store catalog: the top-level object has members of "
                                     + mixed.joined(separator: " and ") + "; a catalog file is one of them", at: root,
                                 as: CatalogError.notACatalog)
        }
        guard let kind = kinds.first?.kind else {
            throw document.error(unknownShape(members), at: root, as: CatalogError.notACatalog)
        }
        return kind
    }

    /// The error for a top-level object of no known kind: an API error response, or other members.
    private static func unknownShape(_ members: [JSONNode.Member]) -> String {
        if let member = members.first(where: { $0.name == "errors" || $0.name == "error" }) {
            return "not a store catalog: the file is an API error response ('\(member.name)'); save the response "
                + "of a request that succeeded; \(expected)"
        }
        let names = members.prefix(5).map(\.name)
        return "not a store catalog: the top-level object has \(names.isEmpty ? "no members" : quoted(names)); "
            + expected
    }

    private static func quoted(_ names: some Sequence<String>) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }
}
