import Customers
import JSON
import Store
import TollgateEvaluation

/// What one verified App Store event does to a purchase, decided inside the store's transaction from what the
/// store holds: the payloads to keep (newer ones only), the owner, the credits and the history it writes.
struct PurchaseDecision {
    /// The event's new transaction version and renewal info.
    var transaction: AppStorePayloads.Signed<AppStoreTransaction>
    var renewal: AppStorePayloads.Signed<AppStoreRenewalInfo>?
    /// The customer who posted the transaction; nil for a notification.
    var poster: CustomerID?
    /// The notification type, or `transaction` for one the app posted.
    var event: String
    var policy: CustomerPolicy
    var now: Timestamp

    /// The outcome `decide` reached, read after the store committed it.
    struct Outcome {
        var status: NotificationReceipt.Status
        var owner: CustomerID?
        var refusedBy: CustomerID?
    }

    /// The purchase the event is about.
    var key: PurchaseKey {
        PurchaseKey(app: policy.app, store: Marketplace.appStore.rawValue,
                    purchase: transaction.payload.originalTransactionID)
    }

    /// The update for `record`, and what it means for the answer.
    func decide(_ record: PurchaseRecord) -> (PurchaseUpdate, Outcome) {
        var purchase = Self.purchase(record)
        let newTransaction = purchase.merge(transaction.payload)
        let newRenewal = renewal.map { purchase.merge($0.payload) } ?? false
        let changed = newTransaction || newRenewal
        let current = record.owner.flatMap { try? CustomerID($0) }
        // A purchase whose owner was forgotten is claimed only by a customer who posts it, never by its token.
        let claimant = record.forgotten ? nil : transaction.payload.claimant
        let decision = OwnerDecision.decide(current: current, poster: poster, claimant: claimant,
                                            restore: policy.restore)
        let product = transaction.payload.productID
        var update = PurchaseUpdate(transactions: [], renewal: nil, owner: nil, credits: [], events: [], status: "")
        if newTransaction {
            update.transactions = [StoredPayload(id: transaction.payload.transactionID,
                                                 signedDate: transaction.payload.signedDate, text: transaction.text)]
        }
        if let renewal, newRenewal {
            update.renewal = StoredPayload(id: record.key.purchase, signedDate: renewal.payload.signedDate,
                                           text: renewal.text)
        }
        // Written whoever owns the purchase: results join it to its owner when there is one.
        update.conversion = purchase.conversion.map(StoreConversion.init)
        var outcome = Outcome(status: changed ? .applied : .stale, owner: current)
        (outcome.owner, outcome.refusedBy) = update.apply(decision, poster: poster, event: event)
        guard let owner = outcome.owner else {
            if changed { outcome.status = .unclaimed }
            update.status = outcome.status.rawValue
            return (update, outcome)
        }
        let environment = StoreEnvironment(appStore: transaction.payload.environment) ?? .production
        let facts = policy.products[product]
        update.credit(purchase.creditChanges(product: facts), recorded: record.credits, owner: owner,
                      environment: environment, now: now, event: event)
        if changed, outcome.refusedBy == nil {
            update.events.append(event(owner, Self.effect(purchase.entitlement(at: now, product: facts), product: product)))
        }
        update.status = outcome.status.rawValue
        return (update, outcome)
    }

    /// The purchase the store's payloads make up; they were verified before they were stored.
    static func purchase(_ record: PurchaseRecord) -> Purchase {
        var purchase = Purchase(originalTransactionID: record.key.purchase)
        for stored in record.transactions {
            if let value = try? JSONValue(reading: Array(stored.text.utf8)),
               let transaction = try? AppStoreTransaction(json: value) {
                _ = purchase.merge(transaction)
            }
        }
        if let stored = record.renewal, let value = try? JSONValue(reading: Array(stored.text.utf8)),
           let renewal = try? AppStoreRenewalInfo(json: value) {
            _ = purchase.merge(renewal)
        }
        return purchase
    }

    /// The history line of an entitlement after the event.
    static func effect(_ entitlement: CustomerEntitlement?, product: String) -> String {
        guard let entitlement else { return "\(product): no entitlement" }
        let until = entitlement.expires.map { " until \($0)" } ?? ""
        return "\(entitlement.product): \(entitlement.state.rawValue)\(until)"
    }

    private func event(_ customer: CustomerID, _ effect: String) -> CustomerEvent {
        CustomerEvent(customer: customer.text, time: now, store: Marketplace.appStore.rawValue, event: event,
                      product: transaction.payload.productID, transaction: transaction.payload.transactionID,
                      effect: effect)
    }
}
