package import TollgateEvaluation

/// One decision the service answered by an experiment's split: who saw which variant of which experiment
/// (under which seed), when, and under which policy.
package struct Exposure: Hashable, Sendable {
    package var app: String
    package var experiment: String
    /// The seed the user was bucketed with; a new seed starts the experiment's exposures again.
    package var seed: String
    package var variant: String
    package var user: String
    package var time: Timestamp
    /// The hash of the policy that answered.
    package var policy: String

    package init(app: String, experiment: String, seed: String, variant: String, user: String, time: Timestamp,
                 policy: String) {
        self.app = app
        self.experiment = experiment
        self.seed = seed
        self.variant = variant
        self.user = user
        self.time = time
        self.policy = policy
    }
}

/// A user's first exposure to an experiment under one seed, as the store keeps it.
package struct StoredExposure: Hashable, Sendable {
    package var seed: String
    package var user: String
    /// The variant of the first exposure.
    package var variant: String
    package var firstTime: Timestamp
    /// The hash of the policy that answered first.
    package var policy: String
    /// Whether the user was also seen in another variant: such users are left out of the results.
    package var multiple: Bool

    package init(seed: String, user: String, variant: String, firstTime: Timestamp, policy: String, multiple: Bool) {
        self.seed = seed
        self.user = user
        self.variant = variant
        self.firstTime = firstTime
        self.policy = policy
        self.multiple = multiple
    }
}

/// The experiments' exposures: the first per app, experiment, seed and user, and whether the user was seen in
/// another variant since. One interface, both backends, written once in `DatabaseStore+Exposures.swift`.
package protocol ExposureStore: AnyObject {
    /// The store as messages name it: a path, or a database URL without its password.
    var name: String { get }

    /// Records `batch` in one transaction: a user's earliest exposure is kept, and a user seen in two variants
    /// is marked `multiple`, whatever order the exposures arrive in and however many writers record at once.
    func recordExposures(_ batch: [Exposure]) throws(StoreError)

    /// Lets this connection's commits return before they reach the disk (`SQLDialect.commitsWithoutWaitingForDisk`),
    /// for a writer that holds what it writes in memory anyway. A PostgreSQL connection that reconnects waits again.
    func commitWithoutWaitingForDisk() throws(StoreError)

    /// The first exposures of `experiment` in `app`, of every seed, sorted by seed, first time and user.
    func exposures(app: String, experiment: String) throws(StoreError) -> [StoredExposure]

    /// When the first user was exposed to `experiment` under `seed`, or nil before anyone was.
    func firstExposure(app: String, experiment: String, seed: String) throws(StoreError) -> Timestamp?

    /// The sums of `request`'s results, aggregated by the database: the purchases the stores confirmed (production
    /// only, of their owners) and those apps reported (unless a store confirmed the same transaction id), each
    /// counted once.
    func tally(_ request: TallyRequest) throws(StoreError) -> ExposureTally

    /// Records the purchases apps reported, in one transaction, once per app and transaction id (a repeated
    /// transaction keeps its first report); answers how many were new.
    func recordClientPurchases(_ purchases: [ClientPurchase]) throws(StoreError) -> Int

    /// The purchases apps reported for `app`, sorted by user, time and transaction.
    func clientPurchases(app: String) throws(StoreError) -> [ClientPurchase]
}

/// A purchase an app reported (the events route's `track` `purchase`), which experiment results join to its
/// user's exposures when no store notification reaches Tollgate.
package struct ClientPurchase: Hashable, Sendable {
    package var app: String
    package var transaction: String
    package var user: String
    package var time: Timestamp
    package var product: String?
    /// The price as decimal text; `0` is a free trial's start.
    package var value: String
    package var currency: String

    package init(app: String, transaction: String, user: String, time: Timestamp, product: String?, value: String,
                 currency: String) {
        self.app = app
        self.transaction = transaction
        self.user = user
        self.time = time
        self.product = product
        self.value = value
        self.currency = currency
    }
}
