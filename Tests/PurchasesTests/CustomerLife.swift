import Customers
import Foundation
import Purchases
import Store
import TestAppStore
import TestSupport
import TollgateEvaluation

/// One customer's purchases through a real ledger on a store of the test's own, with payloads signed by the test
/// chain: the fixture the ledger tests share.
struct CustomerLife {
    let store: BackendStore
    let ledger: CustomerLedger
    let signer: AppStoreTestSigner
    var policy = CustomerLife.policy

    static let monthly = "com.example.photocollage.premium.monthly"
    static let yearly = "com.example.photocollage.premium.yearly"
    static let removeAds = "com.example.photocollage.removeads"
    static let coins = "com.example.photocollage.coins.100"
    static let pass = "com.example.photocollage.pass.month"

    /// The example app's products as the ledger sees them, and a non-renewing month pass.
    static let policy = CustomerPolicy(
        app: "photocollage", bundleID: "com.example.photocollage", appleID: 1_234_567_890, restore: .transfer,
        products: [
            monthly: ProductFacts(type: .autoRenewable, period: .init(months: 1, days: 0), credits: nil),
            yearly: ProductFacts(type: .autoRenewable, period: .init(months: 12, days: 0), credits: nil),
            removeAds: ProductFacts(type: .nonConsumable, period: nil, credits: nil),
            coins: ProductFacts(type: .consumable, period: nil, credits: CreditGrant(currency: "coins", amount: 100)),
            pass: ProductFacts(type: .nonRenewing, period: .init(months: 1, days: 0), credits: nil),
        ])

    /// 2026-12-01T00:00:00Z in milliseconds, the day the stories start.
    static let start: Int64 = 1_796_083_200_000
    static let day: Int64 = 86_400_000

    init(_ backend: StoreBackend, cache: CustomerCache? = nil) throws {
        store = try BackendStore(backend, label: "customers")
        ledger = CustomerLedger(stores: StorePool(location: StoreLocation(store.location)),
                                roots: try AppStoreTestSigner.roots(), cache: cache)
        signer = try AppStoreTestSigner()
    }

    /// A customer id that is also an app account token.
    static func customer(_ number: Int) -> CustomerID {
        try! CustomerID(String(format: "00000000-0000-4000-8000-%012d", number))
    }

    /// `milliseconds` as a timestamp.
    static func time(_ milliseconds: Int64) -> Timestamp {
        Timestamp(secondsSince1970: milliseconds / 1000)
    }

    /// Sends `notification` as the App Store would.
    func send(_ notification: TestNotification, at now: Int64? = nil) throws(CustomerError) -> NotificationReceipt {
        let body = signer.sign(notification.json(signing: signer.sign))
        return try ledger.receiveAppStoreNotification(signedPayload: body, policy: policy,
                                                      now: Self.time(now ?? notification.signedDate))
    }

    /// Posts `transaction` for `customer` as the app would.
    func post(_ transaction: TestTransaction, for customer: CustomerID, at now: Int64? = nil)
        throws(CustomerError) -> CustomerDocument
    {
        try ledger.recordAppStoreTransaction(signer.sign(transaction.json), customer: customer, policy: policy,
                                             now: Self.time(now ?? transaction.signedDate))
    }

    /// The customer's document at `now`.
    func document(_ customer: CustomerID, at now: Int64, environment: StoreEnvironment = .sandbox)
        throws(CustomerError) -> CustomerDocument
    {
        try ledger.document(of: customer, environment: environment, policy: policy, now: Self.time(now))
    }

    /// The customer's entitlement states at `now`, by product.
    func states(_ customer: CustomerID, at now: Int64, environment: StoreEnvironment = .sandbox)
        throws(CustomerError) -> [String: EntitlementState]
    {
        Dictionary(try document(customer, at: now, environment: environment).entitlements.map { ($0.product, $0.state) }) {
            first, _ in first
        }
    }

    /// A monthly subscription's transaction `renewal` (0 the first purchase) of `original`, for `customer`.
    static func renewal(_ renewal: Int, of original: String, customer: CustomerID?, product: String = monthly)
        -> TestTransaction
    {
        let purchase = start + Int64(renewal) * 30 * day
        var transaction = TestTransaction(transactionID: renewal == 0 ? original : "\(original)-\(renewal)",
                                          originalTransactionID: original, productID: product,
                                          purchaseDate: purchase, expiresDate: purchase + 30 * day)
        transaction.originalPurchaseDate = start
        transaction.appAccountToken = customer?.text
        transaction.transactionReason = renewal == 0 ? "PURCHASE" : "RENEWAL"
        return transaction
    }

    func remove() {
        store.remove()
    }
}
