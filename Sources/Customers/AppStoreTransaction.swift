package import JSON
package import TollgateEvaluation

/// One version of a signed transaction (`JWSTransactionDecodedPayload`): the members the entitlement, the credits
/// and the owner are derived from, Apple's texts kept as sent. Dates are read from milliseconds to the second,
/// except `signedDateMilliseconds`, which orders versions.
package struct AppStoreTransaction: Hashable, Sendable {
    package var transactionID: String
    /// The purchase this transaction belongs to: the first transaction of a subscription and all its renewals.
    package var originalTransactionID: String
    package var productID: String
    package var bundleID: String
    /// `Auto-Renewable Subscription`, `Non-Consumable`, `Consumable` or `Non-Renewing Subscription`.
    package var type: String
    package var purchaseDate: Timestamp
    package var originalPurchaseDate: Timestamp
    /// A subscription period's end.
    package var expiresDate: Timestamp?
    /// How many were bought at once; 1 when absent.
    package var quantity: Int64
    /// The UUID the app set on the purchase, as sent.
    package var appAccountToken: String?
    /// `inAppOwnershipType`: `FAMILY_SHARED`, else (`PURCHASED`, or absent) purchased.
    package var ownership: Ownership
    package var signedDate: Timestamp
    /// `signedDate` to the millisecond, as Apple sent it: the newer of two versions is the greater.
    package var signedDateMilliseconds: Int64
    /// When the App Store refunded it or Family Sharing withdrew it; cleared again by a reversed refund.
    package var revocationDate: Timestamp?
    /// 0 other (a Family Sharing leave too), 1 an issue in the app.
    package var revocationReason: Int?
    /// `REFUND_FULL`, `REFUND_PRORATED` or `FAMILY_REVOKE`.
    package var revocationType: String?
    /// Whether the customer moved to a higher subscription of the group, which ends this one at once.
    package var isUpgraded: Bool
    /// 1 introductory, 2 promotional, 3 offer code, 4 win-back.
    package var offerType: Int?
    /// `FREE_TRIAL`, `PAY_AS_YOU_GO`, `PAY_UP_FRONT` or `ONE_TIME`.
    package var offerDiscountType: String?
    package var offerIdentifier: String?
    /// Apple's text: `Production`, `Sandbox`, `Xcode` or `LocalTesting`.
    package var environment: String
    /// `PURCHASE` or `RENEWAL`.
    package var transactionReason: String?
    /// The storefront's three-letter country code, such as `USA`.
    package var storefront: String?
    /// In milliunits of `currency`: `10990` is 10.99.
    package var price: Int64?
    package var currency: String?
    /// The payload as compact JSON with sorted member names: what breaks a tie between two versions signed in the
    /// same millisecond, whatever the order they arrive in.
    package var canonicalText: String

    /// Reads the payload; the ids, `bundleId`, `type`, `purchaseDate`, `originalPurchaseDate`, `signedDate` and
    /// `environment` are required, and every member present must have its documented kind.
    package init(json: JSONValue) throws(PayloadError) {
        let payload = try PayloadReader(json)
        transactionID = try payload.string(required: "transactionId")
        originalTransactionID = try payload.string(required: "originalTransactionId")
        productID = try payload.string(required: "productId")
        bundleID = try payload.string(required: "bundleId")
        type = try payload.string(required: "type")
        purchaseDate = try payload.date(required: "purchaseDate")
        originalPurchaseDate = try payload.date(required: "originalPurchaseDate")
        expiresDate = try payload.date("expiresDate")
        quantity = try payload.integer("quantity") ?? 1
        appAccountToken = try payload.string("appAccountToken")
        ownership = try payload.string("inAppOwnershipType") == "FAMILY_SHARED" ? .familyShared : .purchased
        signedDateMilliseconds = try payload.integer(required: "signedDate")
        signedDate = Timestamp(milliseconds: signedDateMilliseconds)
        revocationDate = try payload.date("revocationDate")
        revocationReason = try payload.integer("revocationReason").map { Int(clamping: $0) }
        revocationType = try payload.string("revocationType")
        isUpgraded = try payload.bool("isUpgraded") ?? false
        offerType = try payload.integer("offerType").map { Int(clamping: $0) }
        offerDiscountType = try payload.string("offerDiscountType")
        offerIdentifier = try payload.string("offerIdentifier")
        environment = try payload.string(required: "environment")
        transactionReason = try payload.string("transactionReason")
        storefront = try payload.string("storefront")
        price = try payload.integer("price")
        currency = try payload.string("currency")
        canonicalText = String(decoding: json.jsonBytes, as: UTF8.self)
    }

    /// The product type Apple's `type` names; nil for a text Apple does not document.
    package var productType: ProductType? {
        switch type {
        case "Auto-Renewable Subscription": .autoRenewable
        case "Non-Consumable": .nonConsumable
        case "Consumable": .consumable
        case "Non-Renewing Subscription": .nonRenewing
        default: nil
        }
    }

    /// The customer the app named with `appAccountToken`: the customer whose id is its lowercase UUID text.
    package var claimant: CustomerID? {
        appAccountToken.flatMap { try? CustomerID($0.lowercased()) }
    }

    /// Whether this version is newer than `other`: signed later, or in the same millisecond with the greater
    /// canonical text.
    func isNewer(than other: AppStoreTransaction) -> Bool {
        (signedDateMilliseconds, canonicalText) > (other.signedDateMilliseconds, other.canonicalText)
    }
}

/// Whether the customer bought a product or has it through Family Sharing (`inAppOwnershipType`).
package enum Ownership: String, Hashable, Sendable, CaseIterable {
    case purchased
    case familyShared = "family_shared"
}
