package import TollgateEvaluation

/// The purchases the stores confirmed, per app and customer: the verified notifications and payloads, who
/// owns each purchase, an append-only credit ledger, spends by idempotency key, and each customer's
/// history. One interface, both backends, written once in `DatabaseStore+Customers.swift`.
///
/// Every change is one transaction; a crash at any instant leaves all of it or none. Every commit that
/// changes a customer's purchases, credits or links rings `customerChangeFeed` with the customer.
package protocol CustomerStore: AnyObject {
    /// The store as messages name it: a path, or a database URL without its password.
    var name: String { get }

    /// One write transaction: inserts `notification` (if given; an id seen before → `.duplicate` with its
    /// stored status, and nothing else happens), reads the purchase, calls `decide` (pure) with it, and
    /// writes the update it answers. Writes of one purchase wait for each other (an advisory lock on
    /// PostgreSQL), so `decide` always sees the previous one's commit.
    func recordPurchaseEvent(_ key: PurchaseKey, notification: StoredNotification?,
                             decide: (PurchaseRecord) -> PurchaseUpdate) throws(StoreError) -> PurchaseEventOutcome

    /// Keeps a notification that concerns no purchase (`TEST`, summaries) with `status`; false when its id
    /// was seen before, and then nothing changes.
    func recordNotification(_ notification: StoredNotification, status: String) throws(StoreError) -> Bool

    /// The status a notification was stored with, or nil when its id is new.
    func notificationStatus(app: String, store: String, id: String) throws(StoreError) -> String?

    /// The purchases `customer` owns, of one store or all, sorted by store and purchase.
    func purchases(app: String, ownedBy customer: String, store: String?) throws(StoreError) -> [PurchaseRecord]

    /// The purchase `key` names, or nil when the store holds nothing of it.
    func purchase(_ key: PurchaseKey) throws(StoreError) -> PurchaseRecord?

    /// The customer's balance in `environment` (`production` or `sandbox`) in every currency their ledger has
    /// rows in.
    func balances(app: String, customer: String, environment: String) throws(StoreError) -> [String: Int64]

    /// The customer's newest `limit` events, oldest first.
    func events(app: String, customer: String, limit: Int) throws(StoreError) -> [CustomerEvent]

    /// Spends `amount` (> 0; the caller checks) of the customer's `currency` in `environment`, in one
    /// transaction: a key the customer used before answers its first answer, `.replayed`; a balance smaller than
    /// `amount` is `.insufficient` and stores nothing; else a ledger row (reason `spend`) and the spend are stored.
    func spendCredits(app: String, customer: String, environment: String, currency: String, amount: Int64,
                      idempotencyKey: String, time: Timestamp) throws(StoreError) -> SpendOutcome

    /// Forgets the customer: their purchases are owned by no one (transactions, notifications and conversions
    /// stay), and their ledger rows, events, spends, exposures and reported purchases are deleted.
    func forgetCustomer(app: String, customer: String) throws(StoreError)

    /// The conversion rows of `app`'s purchases, by purchase.
    func storeConversions(app: String) throws(StoreError) -> [PurchaseKey: StoreConversion]

    /// Claims the pending `action` of the purchase `key` until `until`: true when this caller is to make the
    /// call now, false when it is done or another caller's claim has not run out. A claim lets one caller make
    /// the call while a crashed caller's claim runs out, so the call is retried.
    func claimAction(_ action: PurchaseAction, now: Timestamp, until: Timestamp) throws(StoreError) -> Bool

    /// Marks `action` done (the store confirmed the call), or, with `done` false, drops this caller's claim
    /// so that the next attempt may make the call at once.
    func finishAction(_ action: PurchaseAction, done: Bool, at time: Timestamp) throws(StoreError)

    /// The actions of the purchase `key` not done yet, by action.
    func pendingActions(of key: PurchaseKey) throws(StoreError) -> [PurchaseAction]

    /// The actions of `app` not done yet, oldest first, at most `limit`.
    func pendingActions(app: String, limit: Int) throws(StoreError) -> [PurchaseAction]

    /// A feed naming the customers each commit changes, on a connection of its own; nil when the backend has
    /// none (SQLite, whose only process sees its own commits).
    func customerChangeFeed() throws(StoreError) -> (any CustomerChangeFeed)?
}
