/// The kinds of catalog file, each told by top-level members no other kind has; the raw value names the kind in
/// messages.
enum CatalogKind: String, CaseIterable {
    case storeKit = "an Xcode StoreKit configuration"
    case appStoreConnect = "an App Store Connect API response"
    case play = "a Google Play Developer API response"

    /// The members of `names` that mark a file of this kind, in a fixed order; empty when it has none.
    func marks(in names: Set<String>) -> [String] {
        switch self {
        case .storeKit:
            ["products", "subscriptionGroups", "nonRenewingSubscriptions", "subscriptionOffersKeyPair"]
                .filter(names.contains)
        case .appStoreConnect:
            ["data"].filter(names.contains)
        case .play:
            ["subscriptions", "oneTimeProducts", "inappproduct", "basePlans", "purchaseOptions", "sku"]
                .filter(names.contains)
        }
    }
}
