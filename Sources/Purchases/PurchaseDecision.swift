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
        let owner: CustomerID?
        var outcome = Outcome(status: changed ? .applied : .stale, owner: current)
        switch decision {
        case .keep(let kept):
            owner = kept
        case .assign(let first):
            owner = first
            update.owner = first.text
            update.events.append(event(first, "\(poster == nil ? "claimed by its app account token" : "recorded")"))
        case .transfer(let from, let to):
            owner = to
            update.owner = to.text
            update.events.append(event(from, "transferred to '\(to.text)' (restored on another account)"))
            update.events.append(event(to, "transferred from '\(from.text)' (restored on this account)"))
        case .refuse(let holder):
            owner = holder
            outcome.refusedBy = holder
            if let poster {
                update.events.append(event(holder, "kept: '\(poster.text)' restored it on another account (restore: keep)"))
                update.events.append(event(poster, "refused: the purchase belongs to another customer"))
            }
        }
        outcome.owner = owner
        guard let owner else {
            if changed { outcome.status = .unclaimed }
            update.status = outcome.status.rawValue
            return (update, outcome)
        }
        let environment = StoreEnvironment(appStore: transaction.payload.environment) ?? .production
        let facts = policy.products[product]
        var granted = record.credits
        for change in purchase.creditChanges(product: facts) where granted[change.key] == nil {
            // A refund takes back from whoever the credits were granted to: the owner then, not a later one.
            let grant = "\(change.transactionID):purchase"
            let customer = change.key == grant ? owner.text : granted[grant] ?? owner.text
            granted[change.key] = .some(customer)
            update.credits.append(LedgerEntry(customer: customer, environment: environment.rawValue,
                                              currency: change.currency, amount: change.amount,
                                              reason: change.reason, key: change.key, transaction: change.transactionID,
                                              time: now))
            guard let customer, let credited = try? CustomerID(customer) else { continue }
            update.events.append(event(credited, "\(change.amount > 0 ? "+" : "")\(change.amount) \(change.currency) "
                                           + "(\(change.reason))"))
        }
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
