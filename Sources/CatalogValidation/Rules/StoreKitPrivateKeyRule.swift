import Diagnostics
import PolicyModel
import PolicyValidation
import StoreCatalog
import TollgateEvaluation

/// A StoreKit configuration committed with its private key leaks the key.
struct StoreKitPrivateKeyRule: CatalogRule {
    static let id = "storekit-private-key"
    static let severity = Severity.error
    static let category = "catalog"
    static let summary = "a .storekit file carries a private key (never printed)"
    static let explanation = """
        Xcode can sign promotional offers while testing with the key pair in a StoreKit configuration's \
        'subscriptionOffersKeyPair'. A file that holds the private key and is committed, or passed around in CI, \
        gives the key to everyone who can read it; a real App Store Connect key signs offers anyone could then \
        redeem. The finding names the file and the member and never prints the key. Remove the key pair from \
        the file (Xcode asks for it again when it needs it), and revoke the key in App Store Connect if it was \
        real.
        """

    let catalogs: [String: [StoreCatalog]]

    func check(_ comparison: CatalogComparison) -> [Diagnostic] {
        comparison.given.compactMap { catalog in
            catalog.privateKey.map { span in
                finding("\(catalog.described) carries a private key in 'subscriptionOffersKeyPair'", at: span,
                        help: "remove 'subscriptionOffersKeyPair' from the file, and revoke the key in App Store "
                            + "Connect if it was real")
            }
        }
    }
}
