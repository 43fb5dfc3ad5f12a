package import TollgateEvaluation

/// One purchase in a store: an App Store `originalTransactionId` or a Play purchase token, of one app.
package struct PurchaseKey: Hashable, Sendable {
    package var app: String
    /// `app-store` or `play`.
    package var store: String
    package var purchase: String

    package init(app: String, store: String, purchase: String) {
        self.app = app
        self.store = store
        self.purchase = purchase
    }
}

/// A verified payload as the store keeps it: its id (a transaction id; for renewal info, the purchase),
/// when the store signed it, and its JSON text.
package struct StoredPayload: Hashable, Sendable {
    package var id: String
    package var signedDate: Timestamp
    package var text: String

    package init(id: String, signedDate: Timestamp, text: String) {
        self.id = id
        self.signedDate = signedDate
        self.text = text
    }
}

/// A verified store notification, kept once per app, store and id.
package struct StoredNotification: Hashable, Sendable {
    /// The `notificationUUID`, or the Pub/Sub `messageId`.
    package var id: String
    package var app: String
    package var store: String
    package var type: String
    package var subtype: String?
    package var signedDate: Timestamp
    /// The verified payload's JSON text.
    package var text: String
    package var receivedAt: Timestamp

    package init(id: String, app: String, store: String, type: String, subtype: String?, signedDate: Timestamp,
                 text: String, receivedAt: Timestamp) {
        self.id = id
        self.app = app
        self.store = store
        self.type = type
        self.subtype = subtype
        self.signedDate = signedDate
        self.text = text
        self.receivedAt = receivedAt
    }
}

/// What the store holds of one purchase: who owns it, every transaction, the renewal info, and the
/// ledger keys of the credits already recorded for it.
package struct PurchaseRecord: Hashable, Sendable {
    package var key: PurchaseKey
    /// The customer the purchase belongs to; nil while unclaimed or after its owner was forgotten.
    package var owner: String?
    /// Whether its owner was forgotten: only a customer who posts it again may claim it.
    package var forgotten: Bool
    /// Sorted by id.
    package var transactions: [StoredPayload]
    package var renewal: StoredPayload?
    /// The ledger keys recorded for the purchase, and the customer each was recorded for (none once forgotten).
    package var credits: [String: String?]
    /// The purchase's conversion row, once written; read for one purchase (`recordPurchaseEvent`'s `decide`,
    /// `purchase(_:)`), nil in a customer's list of purchases.
    package var conversion: StoreConversion?

    package init(key: PurchaseKey, owner: String? = nil, forgotten: Bool = false, transactions: [StoredPayload] = [],
                 renewal: StoredPayload? = nil, credits: [String: String?] = [:], conversion: StoreConversion? = nil) {
        self.key = key
        self.owner = owner
        self.forgotten = forgotten
        self.transactions = transactions
        self.renewal = renewal
        self.credits = credits
        self.conversion = conversion
    }

    /// The ledger keys recorded for the purchase.
    package var creditKeys: Set<String> { Set(credits.keys) }
}

/// One row of the append-only credit ledger: a change of a customer's balance in one currency, with why.
package struct LedgerEntry: Hashable, Sendable {
    /// Nil for an entry that belongs to no one: a refund of credits granted to a customer since forgotten.
    package var customer: String?
    /// `production` or `sandbox`: the credits of one are never spent from the other.
    package var environment: String
    package var currency: String
    /// Positive for a grant, negative for a spend or a refund.
    package var amount: Int64
    /// `purchase`, `refund`, `spend`…
    package var reason: String
    /// Unique per app when set: an entry whose key the ledger holds is not recorded again.
    package var key: String?
    package var transaction: String?
    package var time: Timestamp

    package init(customer: String?, environment: String, currency: String, amount: Int64, reason: String,
                 key: String?, transaction: String?, time: Timestamp) {
        self.customer = customer
        self.environment = environment
        self.currency = currency
        self.amount = amount
        self.reason = reason
        self.key = key
        self.transaction = transaction
        self.time = time
    }
}

/// One line of a customer's history: what a store told about their purchase, and what it did.
package struct CustomerEvent: Hashable, Sendable {
    package var customer: String
    package var time: Timestamp
    package var store: String
    package var event: String
    package var product: String?
    package var transaction: String?
    package var effect: String

    package init(customer: String, time: Timestamp, store: String, event: String, product: String?,
                 transaction: String?, effect: String) {
        self.customer = customer
        self.time = time
        self.store = store
        self.event = event
        self.product = product
        self.transaction = transaction
        self.effect = effect
    }
}

/// What one event does to a purchase, as `CustomerStore.recordPurchaseEvent`'s `decide` answers it.
package struct PurchaseUpdate: Hashable, Sendable {
    /// Inserted, or replacing the transaction of the same id.
    package var transactions: [StoredPayload]
    /// Replaces the renewal info when set.
    package var renewal: StoredPayload?
    /// The new owner; nil leaves the owner as it is.
    package var owner: String?
    /// Recorded unless the ledger already holds an entry with the same key.
    package var credits: [LedgerEntry]
    package var events: [CustomerEvent]
    /// The calls the store must still receive about the purchase (Play's acknowledge and consume), when the event
    /// knows them from the store's own answer: each is recorded pending unless the purchase has it (the intent is
    /// committed before the call is made), and a pending one not listed is done (the store's answer shows it
    /// made). Nil leaves them as they are.
    package var actions: [String]?
    /// Replaces the purchase's conversion row when set; nil leaves it as it is.
    package var conversion: StoreConversion?
    /// Kept on the notification's row.
    package var status: String

    package init(transactions: [StoredPayload] = [], renewal: StoredPayload? = nil, owner: String? = nil,
                 credits: [LedgerEntry] = [], events: [CustomerEvent] = [], actions: [String]? = nil,
                 conversion: StoreConversion? = nil, status: String) {
        self.transactions = transactions
        self.renewal = renewal
        self.owner = owner
        self.credits = credits
        self.events = events
        self.actions = actions
        self.conversion = conversion
        self.status = status
    }
}

/// A purchase the store confirmed, as experiment results count it (a `store_conversions` row): its first
/// transaction, when it was bought, its price and whether it was refunded.
package struct StoreConversion: Hashable, Sendable {
    /// The first transaction's id.
    package var transaction: String
    /// `production` or `sandbox`.
    package var environment: String
    package var time: Timestamp
    package var product: String?
    /// The price as decimal text (`0` for a free trial); nil when the store named none.
    package var value: String?
    /// ISO 4217 code of `value`; nil when `value` is.
    package var currency: String?
    package var refunded: Bool

    package init(transaction: String, environment: String, time: Timestamp, product: String?, value: String?,
                 currency: String?, refunded: Bool) {
        self.transaction = transaction
        self.environment = environment
        self.time = time
        self.product = product
        self.value = value
        self.currency = currency
        self.refunded = refunded
    }
}

/// A call a store must receive about one purchase, as `PurchaseUpdate.actions` records it: pending until
/// `CustomerStore.completeAction` marks it done.
package struct PurchaseAction: Hashable, Sendable {
    package var key: PurchaseKey
    /// What to call, in the caller's own text (`acknowledge-subscription:<product>`…).
    package var action: String

    package init(key: PurchaseKey, action: String) {
        self.key = key
        self.action = action
    }
}

/// What `CustomerStore.recordPurchaseEvent` did.
package enum PurchaseEventOutcome: Hashable, Sendable {
    /// The notification's id was seen before, with this status; nothing changed.
    case duplicate(status: String)
    /// The update `decide` answered is committed.
    case recorded(PurchaseUpdate)
}

/// What `CustomerStore.spendCredits` did.
package enum SpendOutcome: Hashable, Sendable {
    /// `spent` was taken; `balance` is what is left.
    case spent(balance: Int64, spent: Int64)
    /// The idempotency key was used before: its first answer, and nothing spent now.
    case replayed(balance: Int64, spent: Int64)
    /// The balance is smaller than the amount; nothing was stored.
    case insufficient(balance: Int64)
}

/// A customer of one app, as the customer feed names them.
package struct CustomerRef: Hashable, Sendable {
    package var app: String
    package var customer: String

    package init(app: String, customer: String) {
        self.app = app
        self.customer = customer
    }
}
