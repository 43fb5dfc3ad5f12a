import Diagnostics
import JSON
import PolicyModel

/// Reads a Google Play Developer API response saved as JSON: `monetization.subscriptions.list` (`subscriptions`,
/// or one `Subscription`), `monetization.onetimeproducts.list` (`oneTimeProducts`, or one `OneTimeProduct`) or the
/// legacy `inappproducts.list` (`inappproduct`, or one `InAppProduct`).
///
/// A subscription's base plan is one product, `<productId>:<basePlanId>`, in the group named by the subscription's
/// `productId`. Base plans and products of every state (draft, inactive) are read: state is not a mismatch.
struct PlayReader {
    let document: CatalogDocument

    func catalog() throws(CatalogError) -> StoreCatalog {
        var catalog = try products()
        let token = document.root["nextPageToken"] ?? document.root["tokenPagination"]?["nextPageToken"]
        if let token = token?.string, !token.isEmpty {
            catalog.notes.append(CatalogNote(.products, "this response is one page of several ('nextPageToken' is "
                + "set): products on the other pages are not in this file; save every page and join their lists"))
        }
        return catalog
    }

    /// The products of whichever kind of response the file holds.
    private func products() throws(CatalogError) -> StoreCatalog {
        let root = document.root
        if root["subscriptions"] != nil {
            return try subscriptions(try document.list(root, "subscriptions", in: "the response"))
        }
        if root["basePlans"] != nil { return try subscriptions([root]) }
        if root["oneTimeProducts"] != nil {
            return try oneTimeProducts(try document.list(root, "oneTimeProducts", in: "the response"))
        }
        if root["purchaseOptions"] != nil { return try oneTimeProducts([root]) }
        if root["inappproduct"] != nil {
            return try inAppProducts(try document.list(root, "inappproduct", in: "the response"))
        }
        return try inAppProducts([root])
    }

    /// The items of a list as objects, each named `kind` in errors.
    func objects(_ items: [JSONNode], _ kind: String) throws(CatalogError) -> [JSONNode] {
        var objects: [JSONNode] = []
        for item in items { objects.append(try document.object(item, kind)) }
        return objects
    }

    /// The app the items belong to: their `packageName`, which must be the same in all that have one.
    func packageName(of items: [JSONNode], _ kind: String) throws(CatalogError) -> Located<String>? {
        var found: Located<String>?
        for item in items {
            guard let name = try document.optionalString(item, "packageName", in: kind) else { continue }
            if let found, found.value != name.value {
                throw located("the file mixes apps: 'packageName' is '\(name.value)' here and '\(found.value)' at "
                                  + "line \(found.span.start.line); expected the products of one app", at: name,
                              as: CatalogError.inconsistent)
            }
            found = found ?? name
        }
        return found
    }

    /// Listings of the current API, `[{ languageCode, title, description }]`.
    func listings(of item: JSONNode, in what: String) throws(CatalogError) -> [CatalogLocalization] {
        var localizations: [CatalogLocalization] = []
        for listing in try document.list(item, "listings", in: what) {
            let listing = try document.object(listing, "a listing of \(what)")
            let listingWhat = "a listing of \(what)"
            localizations.append(CatalogLocalization(
                locale: try document.string(listing, "languageCode", in: listingWhat),
                displayName: try document.optionalString(listing, "title", in: listingWhat),
                description: try document.optionalString(listing, "description", in: listingWhat)))
        }
        return localizations
    }

    /// An error of `kind` (an invalid value unless told) at a located value.
    func located<Value>(_ problem: String, at value: Located<Value>,
                        as kind: (CatalogError.Location, String) -> CatalogError = CatalogError.invalidValue)
        -> CatalogError {
        document.error(problem, at: value.span, as: kind)
    }

    /// The ISO 8601 duration member `name` of `object`, which must be there.
    func duration(_ object: JSONNode, _ name: String, in what: String) throws(CatalogError) -> Located<String> {
        let text = try document.string(object, name, in: what)
        guard ISOPeriod(text.value) != nil else {
            throw located("'\(name)' of \(what) must be an ISO 8601 duration such as \"P1M\"; found "
                              + "\"\(text.value)\"", at: text)
        }
        return text
    }
}
