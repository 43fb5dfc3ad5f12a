package import TollgateEvaluation

/// What experiment results count, for one experiment and seed: users first exposed in `from ..< to`, and each
/// one's purchases at times t with first exposure ≤ t < min(first exposure + `window`, `to`).
package struct TallyRequest: Hashable, Sendable {
    package var app: String
    package var experiment: String
    package var seed: String
    package var from: Timestamp
    package var to: Timestamp
    /// The attribution window after each user's first exposure, in seconds.
    package var window: Int64
    /// By currency, what one unit is worth in the report's currency; a price in a currency without a factor is
    /// left out of revenue and counted.
    package var factors: [String: Double]

    package init(app: String, experiment: String, seed: String, from: Timestamp, to: Timestamp, window: Int64,
                 factors: [String: Double]) {
        self.app = app
        self.experiment = experiment
        self.seed = seed
        self.from = from
        self.to = to
        self.window = window
        self.factors = factors
    }
}

/// The sums experiment results are computed from, as the store's aggregation answers them.
package struct ExposureTally: Hashable, Sendable {
    /// One variant's users (left out: those seen in another variant too) and the sums of their metrics.
    package struct Variant: Hashable, Sendable {
        package var users: Int
        /// Users with any purchase (a free trial's start counts).
        package var conversions: Int
        /// Users with a purchase at a price above 0 (or at a price the store did not name).
        package var paidConversions: Int
        /// Users with a purchase at price 0.
        package var trialStarts: Int
        /// Σ of each user's revenue in the report's currency, and Σ of its square.
        package var revenue: Double
        package var revenueSquares: Double

        package init(users: Int = 0, conversions: Int = 0, paidConversions: Int = 0, trialStarts: Int = 0,
                     revenue: Double = 0, revenueSquares: Double = 0) {
            self.users = users
            self.conversions = conversions
            self.paidConversions = paidConversions
            self.trialStarts = trialStarts
            self.revenue = revenue
            self.revenueSquares = revenueSquares
        }
    }

    /// Users first exposed on one UTC day (`2026-11-30`), by variant.
    package struct Day: Hashable, Sendable {
        package var day: String
        package var users: [String: Int]

        package init(day: String, users: [String: Int]) {
            self.day = day
            self.users = users
        }
    }

    /// By variant; a variant nobody was exposed to is absent.
    package var variants: [String: Variant]
    /// Users first exposed in the period and seen in more than one variant.
    package var multipleExposures: Int
    /// Purchases within the users' windows whose price cannot be counted in the report's currency.
    package var leftOutPurchases: Int
    /// By day, oldest first.
    package var days: [Day]

    package init(variants: [String: Variant] = [:], multipleExposures: Int = 0, leftOutPurchases: Int = 0,
                 days: [Day] = []) {
        self.variants = variants
        self.multipleExposures = multipleExposures
        self.leftOutPurchases = leftOutPurchases
        self.days = days
    }
}
