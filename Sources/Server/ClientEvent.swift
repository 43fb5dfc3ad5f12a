package import TollgateEvaluation

/// One event an app reports on `POST /v1/apps/{app}/events`, checked against the policy served.
package enum ClientEvent: Hashable, Sendable {
    /// A user shown a variant of a running experiment, by the app's own resolve on device.
    case exposure(ExposureEvent)
    /// A purchase the app saw (OpenFeature's `track("purchase")`), for apps whose store notifications do not
    /// reach Tollgate.
    case purchase(PurchaseEvent)
}

/// A user's exposure to a variant: who, when, and under which seed and policy the variant was assigned.
package struct ExposureEvent: Hashable, Sendable {
    package var app: String
    package var experiment: String
    /// The experiment's seed when it was assigned: exposures under another seed are another experiment's.
    package var seed: String
    package var variant: String
    package var userID: String
    package var time: Timestamp
    /// The hash of the policy that assigned it.
    package var policyHash: String

    package init(app: String, experiment: String, seed: String, variant: String, userID: String, time: Timestamp,
                 policyHash: String) {
        self.app = app
        self.experiment = experiment
        self.seed = seed
        self.variant = variant
        self.userID = userID
        self.time = time
        self.policyHash = policyHash
    }
}

/// A purchase an app reports: one per `transaction`, whatever its source.
package struct PurchaseEvent: Hashable, Sendable {
    package var app: String
    package var userID: String
    package var time: Timestamp
    package var product: String?
    /// The price as decimal text (`"4.99"`); `"0"` is a free trial's start.
    package var value: String
    /// ISO 4217, upper case.
    package var currency: String
    package var transaction: String

    package init(app: String, userID: String, time: Timestamp, product: String?, value: String, currency: String,
                 transaction: String) {
        self.app = app
        self.userID = userID
        self.time = time
        self.product = product
        self.value = value
        self.currency = currency
        self.transaction = transaction
    }
}

/// Where the events route keeps the purchases apps report: once per transaction, committed before the route
/// answers.
package protocol PurchaseEventSink: Sendable {
    /// Keeps `purchases`; throws a sentence when the store cannot, and then none is kept.
    func record(_ purchases: [PurchaseEvent]) throws(PurchaseEventFailure)
}

/// The store could not keep reported purchases; the app may send them again.
package struct PurchaseEventFailure: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}
