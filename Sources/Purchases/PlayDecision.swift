import Customers
import JSON
import Store
import TollgateEvaluation

/// What one Play event does to a purchase token, decided inside the store's transaction from what the store
/// holds: the read to keep (a newer one only), the voiding, the owner, the credits, the history, and the calls
/// Google must receive (acknowledge, consume), recorded before they are made.
struct PlayDecision {
    var token: String
    /// What the Developer API answered just now, and its JSON; nil for an event that read nothing.
    var read: (purchase: PlayPurchase.Read, json: JSONValue)?
    /// When Google voided the purchase, for a voided-purchase notification, with the notification's text.
    var voided: (time: Timestamp, text: String)?
    /// The customer who posted the token; nil for a notification.
    var poster: CustomerID?
    /// The notification's name (`SUBSCRIPTION_RENEWED`…), or `transaction` for a token the app posted.
    var event: String
    var policy: CustomerPolicy
    var now: Timestamp

    /// The purchase the event is about.
    var key: PurchaseKey { PurchaseKey(app: policy.app, store: Marketplace.play.rawValue, purchase: token) }

    /// The update for `record`, and what it means for the answer.
    func decide(_ record: PurchaseRecord) -> (PurchaseUpdate, PurchaseDecision.Outcome) {
        var purchase = PlayRecords.purchase(record)
        // Only a read older than the one held is stale: a newer one that finds nothing new still applies.
        let stale = read != nil && purchase.holdsNewerRead(than: now)
        var update = PurchaseUpdate(status: "")
        let newRead = read.map { purchase.merge($0.purchase, at: now) } ?? false
        if let read, newRead {
            update.transactions.append(PlayRecords.payload(read.purchase, json: read.json, token: token, at: now))
        }
        let newVoid = voided.map { purchase.void(at: $0.time) } ?? false
        if let voided, newVoid {
            update.transactions.append(PlayRecords.voided(token: token, at: voided.time, text: voided.text))
        }
        let changed = newRead || newVoid
        // Written whoever owns the purchase: results join it to its owner when there is one.
        update.conversion = purchase.conversion(policy: policy, held: record.conversion.map(Conversion.init))
            .map(StoreConversion.init)
        let current = record.owner.flatMap { try? CustomerID($0) }
        // A purchase whose owner was forgotten is claimed only by a customer who posts it, never by its account id.
        let claimant = record.forgotten ? nil : purchase.accountID.flatMap { try? CustomerID($0) }
        let decision = OwnerDecision.decide(current: current, poster: poster, claimant: claimant,
                                            restore: policy.restore)
        var outcome = PurchaseDecision.Outcome(status: stale ? .stale : .applied, owner: current)
        let products = purchase.productIDs(policy: policy)
        (outcome.owner, outcome.refusedBy) = update.apply(decision, poster: poster) { customer, effect in
            event(customer, effect, product: products.first)
        }
        if read != nil {
            update.actions = Self.calls(purchase.actions(at: now, policy: policy), owned: outcome.owner != nil,
                                        purchase: purchase).map(\.text)
        }
        guard let owner = outcome.owner else {
            if !stale { outcome.status = .unclaimed }
            update.status = outcome.status.rawValue
            return (update, outcome)
        }
        update.credit(purchase.creditChanges(policy: policy), recorded: record.credits, owner: owner,
                      environment: purchase.environment, now: now) { customer, effect in
            event(customer, effect, product: products.first)
        }
        if changed, outcome.refusedBy == nil {
            let entitlements = purchase.entitlements(at: now, policy: policy)
            if entitlements.isEmpty {
                update.events.append(event(owner, PurchaseDecision.effect(nil, product: products.first ?? token),
                                           product: products.first))
            }
            for entitlement in entitlements {
                update.events.append(event(owner, PurchaseDecision.effect(entitlement, product: entitlement.product),
                                           product: entitlement.product))
            }
        }
        update.status = outcome.status.rawValue
        return (update, outcome)
    }

    /// The calls to make: as the purchase asks, except that a consumable nobody owns yet is acknowledged (so that
    /// Google does not refund it) rather than consumed, which would hide it from the app that may still post it.
    static func calls(_ actions: [PlayAction], owned: Bool, purchase: PlayPurchase) -> [PlayAction] {
        guard !owned else { return actions }
        return actions.compactMap { action in
            guard case .consumeProduct(let product) = action else { return action }
            if case .product(_, let read)? = purchase.read, read.acknowledged { return nil }
            return .acknowledgeProduct(productID: product)
        }
    }

    private func event(_ customer: CustomerID, _ effect: String, product: String?) -> CustomerEvent {
        CustomerEvent(customer: customer.text, time: now, store: Marketplace.play.rawValue, event: event,
                      product: product, transaction: token, effect: effect)
    }
}
