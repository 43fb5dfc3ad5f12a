package import Customers
import JSON
package import Store
package import StoreSignatures
package import TollgateEvaluation

/// The customers of a store: App Store events verified, decided and committed in one transaction each, and
/// what a customer owns read back at a moment. Every method answers only once the store has committed.
package struct CustomerLedger: Sendable {
    let payloads: AppStorePayloads
    let stores: StorePool
    /// Customers' purchases kept between requests when the store says when they change; nil otherwise.
    let cache: CustomerCache?
    /// How Google Play's purchases are read and its pushes authenticated; nil when the ledger takes none.
    let play: PlayAccess?

    /// A ledger on the stores of `stores`, verifying App Store signatures against `roots`, and Play's pushes
    /// and purchases through `play`.
    package init(stores: StorePool, roots: SignatureRoots, cache: CustomerCache? = nil, play: PlayAccess? = nil) {
        payloads = AppStorePayloads(verifier: AppStoreVerifier(roots: roots))
        self.stores = stores
        self.cache = cache
        self.play = play
    }

    /// Verifies an App Store Server Notification V2 and applies it, exactly once, to the purchase it names.
    package func receiveAppStoreNotification(signedPayload: String, policy: CustomerPolicy, now: Timestamp)
        throws(CustomerError) -> NotificationReceipt
    {
        let verified = try payloads.notification(signedPayload, policy: policy, now: now)
        let notification = verified.notification
        let stored = StoredNotification(id: notification.uuid, app: policy.app, store: Marketplace.appStore.rawValue,
                                        type: notification.type.rawValue, subtype: notification.subtype?.rawValue,
                                        signedDate: notification.signedDate, text: verified.text, receivedAt: now)
        guard let transaction = verified.transaction else {
            let status: NotificationReceipt.Status = notification.type == .test ? .test : .applied
            let first = try write { store throws(StoreError) in
                try store.recordNotification(stored, status: status.rawValue)
            }
            return NotificationReceipt(status: first ? status : .duplicate, notification: notification.uuid, customer: nil)
        }
        let decision = PurchaseDecision(transaction: transaction, renewal: verified.renewal, poster: nil,
                                        event: notification.type.rawValue, policy: policy, now: now)
        let recorded = try record(decision.key, notification: stored, decide: decision.decide)
        return NotificationReceipt(status: recorded.status, notification: notification.uuid, customer: recorded.owner)
    }

    /// Verifies a transaction the app posted for `customer`, records it as theirs (a restore on another account
    /// moves it, or is refused under `keep`) and answers their document.
    package func recordAppStoreTransaction(_ signedTransaction: String, customer: CustomerID, policy: CustomerPolicy,
                                           now: Timestamp) throws(CustomerError) -> CustomerDocument
    {
        let transaction = try payloads.transaction(signedTransaction, policy: policy, now: now)
        let decision = PurchaseDecision(transaction: transaction, renewal: nil, poster: customer, event: "transaction",
                                        policy: policy, now: now)
        let refusal = try record(decision.key, notification: nil, decide: decision.decide).refusedBy
        if let refusal { throw .purchaseOwnedByAnotherCustomer(owner: refusal) }
        let environment = StoreEnvironment(appStore: transaction.payload.environment) ?? .production
        return try document(of: customer, environment: environment, policy: policy, now: now)
    }

    /// The customer's entitlements, credits and history at `now`.
    package func document(of customer: CustomerID, environment: StoreEnvironment, policy: CustomerPolicy,
                          now: Timestamp) throws(CustomerError) -> CustomerDocument
    {
        let (purchases, credits, events) = try read { store throws(StoreError) in
            (try store.purchases(app: policy.app, ownedBy: customer.text, store: nil),
             try store.balances(app: policy.app, customer: customer.text, environment: environment.rawValue),
             try store.events(app: policy.app, customer: customer.text, limit: 1000))
        } ?? ([], [:], [])
        return CustomerDocument(
            app: policy.app, customer: customer, environment: environment,
            entitlements: Self.entitlements(purchases.map(OwnedPurchase.init), environment: environment,
                                            policy: policy, now: now),
            credits: credits,
            history: events.map { event in
                CustomerHistoryItem(time: event.time, store: event.store, event: event.event, product: event.product,
                                    transaction: event.transaction, effect: event.effect)
            })
    }

    /// The customer's entitlements at `now`, as the evaluator takes them.
    package func entitlements(of customer: CustomerID, environment: StoreEnvironment, policy: CustomerPolicy,
                              now: Timestamp) throws(CustomerError) -> [Entitlement]
    {
        let ref = CustomerRef(app: policy.app, customer: customer.text)
        let purchases: [OwnedPurchase]
        if let cached = cache?.purchases(of: ref) {
            purchases = cached
        } else {
            let generation = cache?.generation
            purchases = try read { store throws(StoreError) in
                try store.purchases(app: policy.app, ownedBy: customer.text, store: nil)
            }?.map(OwnedPurchase.init) ?? []
            if let generation { cache?.keep(purchases, of: ref, readAt: generation) }
        }
        return Self.entitlements(purchases, environment: environment, policy: policy, now: now).map(\.entitlement)
    }

    /// Forgets the customer: their purchases' links, their credits and their history.
    package func forget(_ customer: CustomerID, app: String) throws(CustomerError) {
        try write { store throws(StoreError) in try store.forgetCustomer(app: app, customer: customer.text) }
        cache?.invalidate([CustomerRef(app: app, customer: customer.text)])
    }

    /// Spends `amount` of the customer's `currency` in `environment` once per `idempotencyKey`.
    package func spend(_ amount: Int64, of currency: String, customer: CustomerID, environment: StoreEnvironment,
                       idempotencyKey: String, app: String, now: Timestamp) throws(CustomerError) -> SpendReceipt
    {
        let outcome = try write { store throws(StoreError) in
            try store.spendCredits(app: app, customer: customer.text, environment: environment.rawValue,
                                   currency: currency, amount: amount, idempotencyKey: idempotencyKey, time: now)
        }
        switch outcome {
        case .spent(let balance, let spent), .replayed(let balance, let spent):
            return SpendReceipt(currency: currency, balance: balance, spent: spent)
        case .insufficient(let balance):
            throw .insufficientCredits(currency: currency, balance: balance)
        }
    }

    // MARK: Helpers

    /// `body` on a store opened to read; nil when there is no store yet, so nobody has bought anything.
    func read<T>(_ body: (any CustomerStore) throws(StoreError) -> T) throws(CustomerError) -> T? {
        do {
            return try stores.read(body)
        } catch {
            throw .storeUnavailable(error.description)
        }
    }

    /// `body` on a store opened to write, created when missing.
    func write<T>(_ body: (any CustomerStore) throws(StoreError) -> T) throws(CustomerError) -> T {
        do {
            return try stores.write(body)
        } catch {
            throw .storeUnavailable(error.description)
        }
    }

    /// Commits what `decide` makes of the purchase `key`; answers the status and the owner after it, who refused
    /// a post when one did, and the calls the store must still receive.
    func record(_ key: PurchaseKey, notification: StoredNotification?,
                decide: (PurchaseRecord) -> (PurchaseUpdate, PurchaseDecision.Outcome)) throws(CustomerError) -> Recorded {
        var decided: PurchaseDecision.Outcome?
        let result = try write { store throws(StoreError) in
            try store.recordPurchaseEvent(key, notification: notification) { record in
                let (update, outcome) = decide(record)
                decided = outcome
                return update
            }
        }
        switch result {
        case .duplicate:
            let owner = try read { store throws(StoreError) in try store.purchase(key)?.owner } ?? nil
            return Recorded(status: .duplicate, owner: owner.flatMap { try? CustomerID($0) }, refusedBy: nil, actions: [])
        case .recorded(let update):
            let outcome = decided ?? PurchaseDecision.Outcome(status: .applied, owner: nil)
            let touched = Set(update.events.map(\.customer) + (update.owner.map { [$0] } ?? []))
            cache?.invalidate(touched.map { CustomerRef(app: key.app, customer: $0) })
            return Recorded(status: outcome.status, owner: outcome.owner, refusedBy: outcome.refusedBy,
                            actions: update.actions ?? [])
        }
    }

    /// What `record` committed.
    struct Recorded {
        var status: NotificationReceipt.Status
        var owner: CustomerID?
        var refusedBy: CustomerID?
        /// The calls the store must still receive about the purchase.
        var actions: [String]
    }

    /// The entitlements `purchases` give at `now` in `environment`, one per purchase that gives one.
    static func entitlements(_ purchases: [OwnedPurchase], environment: StoreEnvironment, policy: CustomerPolicy,
                             now: Timestamp) -> [CustomerEntitlement] {
        purchases.flatMap { $0.entitlements(at: now, policy: policy) }
        .filter { $0.environment == environment }
        .sorted { ($0.product, $0.originalTransaction) < ($1.product, $1.originalTransaction) }
    }
}
