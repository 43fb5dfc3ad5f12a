import Customers
import Foundation
import JSON
import Purchases
import Store
import StoreSignatures
import Synchronization
import TollgateEvaluation

/// The customer benchmarks `scripts/bench-customers.sh` drives, on App Store payloads signed with the test chain
/// (`BenchmarkAppStore`):
///
/// - `customers-sign --count N --out FILE [--customers M]`: N distinct signed notifications of photocollage, one
///   `{"signedPayload": "<JWS>"}` body per line, in a repeating mix of ten: four `SUBSCRIBED` (a new monthly or
///   yearly subscription, with renewal info), three `DID_RENEW` (the next period of one of those, with renewal
///   info) and three `ONE_TIME_CHARGE` (a new 100-coin consumable). Every transaction carries its customer's id as
///   `appAccountToken`, so that each notification is applied (none is unclaimed); the purchases are spread over M
///   customers (default N / 5). Ids are new each run, so files from several runs can go to one store.
/// - `customers-play-sign --count N --out FILE --audience AUD [--kid KID]`: N distinct Pub/Sub push bodies of
///   lingualeap's Google Play notifications, one per line (`BenchmarkPlay`): each a `SUBSCRIPTION_RENEWED` of a new
///   purchase token, with a new `messageId`, both new each run; prints one push token for audience AUD, valid for
///   two hours, signed with the service account's fixture key under KID (default the key id the tests' fake
///   serves), for every push's `Authorization: Bearer`.
/// - `customers-template`: one transaction JSON, as the notifications carry it (an active yearly
///   subscription in the sandbox), with `@TRANSACTION@` and `@CUSTOMER@` where the SQL that seeds customers puts
///   each row's transaction and customer ids.
/// - `customers-split --store STORE [--count N]`: the cost of one notification by part, in-process, on the store
///   STORE (a path or a PostgreSQL URL, empty): verifying the outer JWS and the transaction and renewal info inside
///   it (`AppStoreVerifier.verify`), decoding them (`AppStoreNotification`, `AppStoreTransaction`,
///   `AppStoreRenewalInfo` from the verified JSON), committing the event (`recordPurchaseEvent`, the rows the ledger
///   writes), and the whole of `CustomerLedger.receiveAppStoreNotification` on a second store (STORE with `-ledger`
///   appended to a path, or to a URL's database name, which must exist). N (default 2000) notifications of the
///   same mix, verified by one verifier, as the service does (its chains verified once). Prints `verify_us=…
///   decode_us=… store_us=… ledger_us=… count=N`, mean microseconds per notification.
struct CustomersBenchmark {
    static let app = "photocollage"
    static let monthly = "com.example.photocollage.premium.monthly"
    static let yearly = "com.example.photocollage.premium.yearly"
    static let coins = "com.example.photocollage.coins.100"
    static let day: Int64 = 86_400_000

    /// The example app's products as the ledger sees them.
    static let policy = CustomerPolicy(
        app: app, bundleID: "com.example.photocollage", appleID: 1_234_567_890, restore: .transfer,
        products: [
            monthly: ProductFacts(type: .autoRenewable, period: .init(months: 1, days: 0)),
            yearly: ProductFacts(type: .autoRenewable, period: .init(months: 12, days: 0)),
            "com.example.photocollage.removeads": ProductFacts(type: .nonConsumable),
            coins: ProductFacts(type: .consumable, credits: CreditGrant(currency: "coins", amount: 100)),
        ])

    var action: String
    var options: BenchmarkOptions

    init(action: String, arguments: [String]) {
        self.action = action
        options = BenchmarkOptions(arguments)
    }

    func run() throws(BenchmarkFailure) -> String {
        switch action {
        case "customers-sign": return try sign()
        case "customers-play-sign": return try playSign()
        case "customers-template": return Self.template()
        default: return try split()
        }
    }

    // MARK: Payloads

    /// The notification `index` of the mix, for ids under `prefix`.
    static func notification(_ index: Int, prefix: String, customers: Int,
                             now: Int64) -> BenchmarkAppStore.Notification {
        switch index % 10 {
        case 0...3:
            let original = "\(prefix)-s\(index)"
            let product = index % 10 == 0 ? yearly : monthly
            let transaction = subscription(original, renewal: 0, product: product, now: now,
                                           customer: customer(of: index, prefix: prefix, customers: customers))
            return .init(type: "SUBSCRIBED", subtype: "INITIAL_BUY", transaction: transaction, renewal: true)
        case 4...6:
            // The next period of the subscription bought four notifications before.
            let first = index - 4
            let original = "\(prefix)-s\(first)"
            let product = first % 10 == 0 ? yearly : monthly
            let transaction = subscription(original, renewal: 1, product: product, now: now,
                                           customer: customer(of: first, prefix: prefix, customers: customers))
            return .init(type: "DID_RENEW", transaction: transaction, renewal: true)
        default:
            let id = "\(prefix)-c\(index)"
            let transaction = BenchmarkAppStore.Transaction(
                transactionID: id, originalTransactionID: id, productID: coins, type: "Consumable",
                purchaseDate: now - day, originalPurchaseDate: now - day,
                appAccountToken: customer(of: index, prefix: prefix, customers: customers), price: 990)
            return .init(type: "ONE_TIME_CHARGE", transaction: transaction, renewal: false)
        }
    }

    /// Period `renewal` (0 the first, which ended ten days before `now`; 1 the current one) of the subscription
    /// `original`.
    static func subscription(_ original: String, renewal: Int, product: String, now: Int64,
                             customer: String) -> BenchmarkAppStore.Transaction {
        let length = (product == yearly ? 365 : 30) * day
        let start = now - length - 10 * day
        let purchase = start + Int64(renewal) * length
        return BenchmarkAppStore.Transaction(
            transactionID: renewal == 0 ? original : "\(original)-\(renewal)", originalTransactionID: original,
            productID: product, purchaseDate: purchase, originalPurchaseDate: start, expiresDate: purchase + length,
            appAccountToken: customer, transactionReason: renewal == 0 ? "PURCHASE" : "RENEWAL")
    }

    /// The customer of notification `index`: a UUID, so that it is also the purchases' app account token.
    static func customer(of index: Int, prefix: String, customers: Int) -> String {
        "\(prefix)-4000-8000-" + String(format: "%012d", (index / 10 * 7 + index % 10) % customers)
    }

    /// Eight hex digits and four more, the start of a UUID, new each run.
    static func runPrefix() -> String {
        String(UUID().uuidString.lowercased().prefix(13))
    }

    /// The time now in milliseconds since 1970, as Apple writes dates.
    static var nowMilliseconds: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }

    private func count(default value: Int) throws(BenchmarkFailure) -> Int {
        guard let count = Int(options["--count"] ?? String(value)), count > 0 else {
            throw BenchmarkFailure("--count takes a positive number")
        }
        return count
    }

    // MARK: Actions

    private func sign() throws(BenchmarkFailure) -> String {
        guard let out = options["--out"] else { throw BenchmarkFailure("customers-sign needs --out FILE") }
        let count = try count(default: 10_000)
        let customers = max(1, options["--customers"].flatMap(Int.init) ?? max(1, count / 5))
        let signer = try BenchmarkAppStore()
        let prefix = Self.runPrefix()
        let now = Self.nowMilliseconds
        // Signed on every core, in chunks written in order.
        let chunks = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let signed = Mutex([String](repeating: "", count: chunks))
        let elapsed = ContinuousClock().measure {
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var text = ""
                for index in stride(from: chunk * count / chunks, to: (chunk + 1) * count / chunks, by: 1) {
                    text += signer.body(Self.notification(index, prefix: prefix, customers: customers, now: now))
                    text += "\n"
                }
                signed.withLock { $0[chunk] = text }
            }
        }
        let text = signed.withLock { $0.joined() }
        do {
            try text.write(toFile: out, atomically: false, encoding: .utf8)
        } catch {
            throw BenchmarkFailure("cannot write \(out): \(error)")
        }
        return "notifications=\(count) customers=\(customers) bytes=\(text.utf8.count) "
            + "sign_ms=\(Self.format(Self.milliseconds(elapsed)))"
    }

    private func playSign() throws(BenchmarkFailure) -> String {
        guard let out = options["--out"] else { throw BenchmarkFailure("customers-play-sign needs --out FILE") }
        guard let audience = options["--audience"], !audience.isEmpty else {
            throw BenchmarkFailure("customers-play-sign needs --audience AUD")
        }
        let count = try count(default: 10_000)
        let play = try BenchmarkPlay(keyID: options["--kid"] ?? BenchmarkPlay.defaultKeyID)
        let prefix = Self.runPrefix()
        let now = Timestamp(secondsSince1970: Self.nowMilliseconds / 1000)
        var text = ""
        text.reserveCapacity(count * 600)
        for index in 0..<count {
            text += BenchmarkPlay.renewal(messageID: "\(prefix)-m\(index)", token: "\(prefix)-play-\(index)", now: now)
            text += "\n"
        }
        do {
            try text.write(toFile: out, atomically: false, encoding: .utf8)
        } catch {
            throw BenchmarkFailure("cannot write \(out): \(error)")
        }
        return try play.pushToken(audience: audience, now: now,
                                  expires: Timestamp(secondsSince1970: now.secondsSince1970 + 7200))
    }

    private static func template() -> String {
        BenchmarkAppStore.Transaction(transactionID: "@TRANSACTION@", originalTransactionID: "@TRANSACTION@",
                                      productID: yearly, purchaseDate: nowMilliseconds - 30 * day,
                                      originalPurchaseDate: nowMilliseconds - 30 * day,
                                      expiresDate: nowMilliseconds + 335 * day, appAccountToken: "@CUSTOMER@").json
    }

    /// A notification signed for the split, with the inner JWSs it carries.
    private struct Signed {
        var outer: String
        var inner: [String]
    }

    private func split() throws(BenchmarkFailure) -> String {
        guard let store = options["--store"] else { throw BenchmarkFailure("customers-split needs --store STORE") }
        let count = try count(default: 2000)
        let signer = try BenchmarkAppStore()
        let roots = signer.roots
        let verifier = AppStoreVerifier(roots: roots)
        let prefix = Self.runPrefix()
        let nowMilliseconds = Self.nowMilliseconds
        let now = Timestamp(secondsSince1970: nowMilliseconds / 1000)
        let signed = (0..<count).map { index in
            let notification = Self.notification(index, prefix: prefix, customers: max(1, count / 5),
                                                 now: nowMilliseconds)
            var inner: [String] = []
            let payload = notification.json { text in
                let jws = signer.sign(text)
                inner.append(jws)
                return jws
            }
            return Signed(outer: signer.sign(payload), inner: inner)
        }

        // Verify: the outer JWS and the ones inside it.
        var verified: [[VerifiedPayload]] = []
        verified.reserveCapacity(count)
        let verifyTime = try Self.measure { () throws(BenchmarkFailure) in
            for notification in signed {
                do {
                    verified.append(try ([notification.outer] + notification.inner).map { jws throws(SignatureError) in
                        try verifier.verify(jws, now: now)
                    })
                } catch {
                    throw BenchmarkFailure("a benchmark notification does not verify: \(error)")
                }
            }
        }

        // Decode: the notification, its transaction and its renewal info from their verified JSON.
        var decoded: [(AppStoreNotification, AppStoreTransaction, AppStoreRenewalInfo?)] = []
        decoded.reserveCapacity(count)
        let decodeTime = try Self.measure { () throws(BenchmarkFailure) in
            for payloads in verified {
                do {
                    let notification = try AppStoreNotification(json: payloads[0].json)
                    let transaction = try AppStoreTransaction(json: payloads[1].json)
                    let renewal = try payloads.count > 2 ? AppStoreRenewalInfo(json: payloads[2].json) : nil
                    decoded.append((notification, transaction, renewal))
                } catch {
                    throw BenchmarkFailure("a benchmark payload does not decode: \(error)")
                }
            }
        }

        // Store: the event's commit, with the rows the ledger writes for it.
        let pool = StorePool(location: StoreLocation(store), capacity: 1)
        let storeTime = try Self.measure { () throws(BenchmarkFailure) in
            for (index, (notification, transaction, renewal)) in decoded.enumerated() {
                let payloads = verified[index]
                let stored = StoredNotification(
                    id: notification.uuid, app: Self.app, store: Marketplace.appStore.rawValue,
                    type: notification.type.rawValue, subtype: notification.subtype?.rawValue,
                    signedDate: notification.signedDate, text: payloads[0].text, receivedAt: now)
                let key = PurchaseKey(app: Self.app, store: Marketplace.appStore.rawValue,
                                      purchase: transaction.originalTransactionID)
                let update = Self.update(transaction, text: payloads[1].text, renewal: renewal,
                                         renewalText: payloads.count > 2 ? payloads[2].text : nil, now: now)
                do {
                    let outcome = try pool.write { (store) throws(StoreError) in
                        try store.recordPurchaseEvent(key, notification: stored) { record in
                            var update = update
                            if record.owner != nil { update.owner = nil }
                            return update
                        }
                    }
                    guard case .recorded = outcome else {
                        throw BenchmarkFailure("notification \(index) was taken for a duplicate")
                    }
                } catch let failure as BenchmarkFailure {
                    throw failure
                } catch {
                    throw BenchmarkFailure("the store refused notification \(index): \(error)")
                }
            }
        }

        // The whole ledger, on a store of its own.
        let ledger = CustomerLedger(stores: StorePool(location: StoreLocation(Self.ledgerStore(store)), capacity: 1),
                                    roots: roots)
        let ledgerTime = try Self.measure { () throws(BenchmarkFailure) in
            for (index, notification) in signed.enumerated() {
                let receipt: NotificationReceipt
                do {
                    receipt = try ledger.receiveAppStoreNotification(signedPayload: notification.outer,
                                                                     policy: Self.policy, now: now)
                } catch {
                    throw BenchmarkFailure("the ledger refused notification \(index): \(error)")
                }
                guard receipt.status == .applied else {
                    throw BenchmarkFailure("the ledger answered notification \(index) \(receipt.status.rawValue)")
                }
            }
        }
        let each = { (time: Duration) in Self.format(Self.milliseconds(time) * 1000 / Double(count)) }
        return "verify_us=\(each(verifyTime)) decode_us=\(each(decodeTime)) store_us=\(each(storeTime)) "
            + "ledger_us=\(each(ledgerTime)) count=\(count)"
    }

    /// What the ledger writes for a new transaction: the payloads, the owner from its app account token, one
    /// history line and, for coins, the credits.
    private static func update(_ transaction: AppStoreTransaction, text: String, renewal: AppStoreRenewalInfo?,
                               renewalText: String?, now: Timestamp) -> PurchaseUpdate {
        let owner = transaction.appAccountToken ?? ""
        var update = PurchaseUpdate(
            transactions: [StoredPayload(id: transaction.transactionID, signedDate: transaction.signedDate,
                                         text: text)],
            owner: owner, status: NotificationReceipt.Status.applied.rawValue)
        if let renewal, let renewalText {
            update.renewal = StoredPayload(id: transaction.originalTransactionID, signedDate: renewal.signedDate,
                                           text: renewalText)
        }
        if transaction.productID == coins {
            update.credits = [LedgerEntry(customer: owner, environment: "sandbox", currency: "coins", amount: 100,
                                          reason: "purchase",
                                          key: "purchase:\(transaction.transactionID)",
                                          transaction: transaction.transactionID, time: now)]
        }
        update.events = [CustomerEvent(customer: owner, time: now, store: Marketplace.appStore.rawValue,
                                       event: "benchmark", product: transaction.productID,
                                       transaction: transaction.transactionID,
                                       effect: "\(transaction.productID): active")]
        return update
    }

    /// The second store of the split: `-ledger` after a path, or after a URL's database name.
    static func ledgerStore(_ store: String) -> String {
        guard store.hasPrefix("postgres"), let slash = store.lastIndex(of: "/") else { return store + "-ledger" }
        let rest = store[store.index(after: slash)...]
        let name = rest.prefix { $0 != "?" }
        return String(store[...slash]) + String(name) + "-ledger" + String(rest.dropFirst(name.count))
    }

    private static func measure(_ body: () throws(BenchmarkFailure) -> Void) throws(BenchmarkFailure) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        return clock.now - start
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
