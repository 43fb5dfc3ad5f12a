import TestSupport
import TollgateEvaluation

/// An experiment lived by simulated users whose truth is known: each is assigned as the service assigns them,
/// exposed through the resolve route or the events route, and buys (or starts a trial, or not) as their variant's
/// truth says, through the App Store or a `track` event; with the awkward cases mixed in (deliveries and events
/// repeated, a store purchase also reported as an event, purchases before exposure, after the window and on its
/// edge, refunds, a price in another currency, a sandbox purchase, users exposed in two variants). `expected` counts
/// what the results must say, from this truth alone.
struct SimulatedExperiment {
    /// What a variant's users truly do: the share who buy, the share of buyers who start a free trial instead of
    /// paying, and the price (in milliunits of USD) that the others pay.
    struct Truth {
        var conversion: Double
        var trial: Double
        var price: Int64
    }

    /// How a user was exposed.
    enum Route { case resolve, events }

    /// A simulated user and how they were exposed.
    struct User {
        var id: String
        /// The variant assignment gives them under the experiment as served.
        var variant: String
        var route: Route
        /// When an events user was exposed; a resolve user is exposed at the service's clock while resolving.
        var exposed: Timestamp?
        /// The other variant a user was exposed to later, under changed weights: they are left out.
        var second: String?
    }

    /// Where a purchase reaches Tollgate.
    enum Source { case store, event }

    /// One purchase as it reaches Tollgate.
    struct Purchase {
        var user: String
        /// The App Store's original transaction id, or the event's `transaction`.
        var transaction: String
        var time: Timestamp
        var milliunits: Int64
        var currency = "USD"
        var trial = false
        var refunded = false
        var source: Source
        var production = true
        /// How many times it is delivered (a notification Apple retries, an event an app sends again).
        var deliveries = 1

        /// The price as decimal text, as an event's `value` carries it.
        var value: String {
            let fraction = String(milliunits % 1000)
            var decimals = String(repeating: "0", count: 3 - fraction.count) + fraction
            while decimals.last == "0" { decimals.removeLast() }
            return String(milliunits / 1000) + (decimals.isEmpty ? "" : "." + decimals)
        }
    }

    /// One variant's sums, as the results count them.
    struct Sums: Equatable, CustomStringConvertible {
        var users = 0
        var conversions = 0
        var paidConversions = 0
        var trialStarts = 0
        var revenue = 0.0
        var revenueSquares = 0.0

        var description: String {
            "users \(users), conversions \(conversions), paid \(paidConversions), trials \(trialStarts), "
                + "revenue \(revenue), revenue² \(revenueSquares)"
        }
    }

    /// What the report must say.
    struct Expected {
        var variants: [String: Sums]
        var multipleExposures: Int
        var leftOutPurchases: Int
    }

    static let day: Int64 = 86_400
    let experiment: PolicyBundle.Experiment
    /// The experiment with the weights changed, under which the switching users are exposed a second time.
    let changed: PolicyBundle.Experiment
    /// When the simulation starts: events users were exposed before it, resolve users just after it.
    let start: Timestamp
    /// Resolve users' purchases are made from then on, after they were all exposed.
    let purchasesStart: Timestamp
    let window: Int64
    private(set) var users: [User] = []
    private(set) var purchases: [Purchase] = []
    /// A user whose exposure is accepted only once the changed weights are gone, which shows they are.
    let probe: User

    /// `count` users (half exposed through each route) and a few who switch variants, behaving as `truths` say
    /// (by variant), drawn from `seed`.
    init(_ experiment: PolicyBundle.Experiment, changed: PolicyBundle.Experiment, truths: [String: Truth],
         count: Int, switching: Int, start: Timestamp, window: Int64 = 14 * day, seed: UInt64) {
        self.experiment = experiment
        self.changed = changed
        self.start = start
        self.window = window
        purchasesStart = start.adding(seconds: 600)
        var random = SplitMix64(seed: seed)
        func uniform(_ bound: Int64) -> Int64 { Int64(random.next() % UInt64(bound)) }
        func chance(_ p: Double) -> Bool { Double(random.next() >> 11) * 0x1p-53 < p }
        let latest = start.adding(seconds: 1800)
        var transactions = 0
        func transaction() -> String {
            transactions += 1
            return String(1_000_000 + transactions)
        }
        for index in 0..<count {
            let id = Self.userID(index)
            guard let variant = experiment.assignedVariant(userID: id), let truth = truths[variant] else { continue }
            let route: Route = index % 2 == 0 ? .resolve : .events
            // Some events users were exposed long enough ago for a purchase on the window's edge to be reported.
            let exposed = route == .resolve ? nil
                : start.adding(seconds: -(index % 10 == 5 ? 15 * Self.day : Self.day) - uniform(4 * Self.day + 1)
                    - uniform(10 * Self.day) * Int64(index % 3))
            users.append(User(id: id, variant: variant, route: route, exposed: exposed))
            let source: Source = chance(0.5) ? .store : .event
            // Inside the window (and before the report's end): any time for resolve users once all were exposed.
            let inside: Timestamp
            if let exposed {
                let room = min(window, latest.secondsSince1970 - exposed.secondsSince1970)
                inside = exposed.adding(seconds: uniform(room))
            } else {
                inside = purchasesStart.adding(seconds: uniform(1200))
            }
            if chance(truth.conversion) {
                let trial = chance(truth.trial)
                var purchase = Purchase(user: id, transaction: transaction(), time: inside,
                                        milliunits: trial ? 0 : truth.price, trial: trial, source: source)
                purchase.refunded = source == .store && !trial && index % 9 == 4
                purchase.deliveries = index % 7 == 0 ? 2 : 1
                purchases.append(purchase)
                // The app reports a store purchase as an event too, at another price: the store's counts.
                if source == .store, index % 5 == 0 {
                    var reported = purchase
                    reported.source = .event
                    reported.milliunits = 99_000
                    reported.trial = false
                    reported.refunded = false
                    purchases.append(reported)
                }
            }
            // Purchases that are not counted: before the exposure, and after the window.
            let before = exposed?.adding(seconds: -Self.day) ?? start.adding(seconds: -7200)
            if index % 6 == 1 || index % 6 == 2 {
                purchases.append(Purchase(user: id, transaction: transaction(), time: before, milliunits: truth.price,
                                          source: index % 6 == 1 ? .store : .event))
            }
            if let exposed, exposed.adding(seconds: window) <= latest {
                if index % 4 == 3, exposed.adding(seconds: window + 3600) <= latest {
                    purchases.append(Purchase(user: id, transaction: transaction(),
                                              time: exposed.adding(seconds: window + uniform(3600)),
                                              milliunits: truth.price, source: index % 8 == 3 ? .store : .event))
                }
                // The window's edge: its last second counts, the next one does not.
                if index % 10 == 5 {
                    purchases.append(Purchase(user: id, transaction: transaction(),
                                              time: exposed.adding(seconds: window - 1), milliunits: 250,
                                              source: .event))
                    purchases.append(Purchase(user: id, transaction: transaction(),
                                              time: exposed.adding(seconds: window), milliunits: 500, source: .store))
                }
            }
            if index % 50 == 7 {
                purchases.append(Purchase(user: id, transaction: transaction(), time: inside, milliunits: 8_000,
                                          currency: "EUR", source: .event))
            }
            if index % 50 == 9 {
                var sandbox = Purchase(user: id, transaction: transaction(), time: inside, milliunits: truth.price,
                                       source: .store)
                sandbox.production = false
                purchases.append(sandbox)
            }
        }
        // Users assigned one variant under the served weights and another under the changed ones: some exposed in
        // both, and the probe, exposed once the served weights are back.
        var candidate = count
        func switchingUser() -> (id: String, first: String, second: String) {
            while true {
                let id = Self.userID(candidate)
                candidate += 1
                if let first = experiment.assignedVariant(userID: id), let second = changed.assignedVariant(userID: id),
                   first != second {
                    return (id, first, second)
                }
            }
        }
        for _ in 0..<switching {
            let (id, first, second) = switchingUser()
            users.append(User(id: id, variant: first, route: .events,
                              exposed: start.adding(seconds: -2 * Self.day - uniform(Self.day)), second: second))
            purchases.append(Purchase(user: id, transaction: transaction(), time: start.adding(seconds: -Self.day),
                                      milliunits: truths[first]?.price ?? 1000, source: .event))
        }
        let (id, variant, _) = switchingUser()
        probe = User(id: id, variant: variant, route: .events, exposed: start.adding(seconds: -3600))
        users.append(probe)
    }

    /// A user id that is a customer id and an App Store app account token.
    static func userID(_ index: Int) -> String {
        let digits = String(index, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits
    }

    /// What the results from `from` (the first exposure) to `to` count, resolve users having been exposed within
    /// `resolved` (which ends before `purchasesStart`: their purchases are before or after it).
    func expected(to: Timestamp, resolved: ClosedRange<Timestamp>) -> Expected {
        let from = users.compactMap(\.exposed).min() ?? resolved.lowerBound
        // One purchase per transaction: the store's when it has one, else the first event's.
        var counted: [String: Purchase] = [:]
        for purchase in purchases {
            if purchase.source == .store {
                counted[purchase.transaction] = purchase
            } else if counted[purchase.transaction] == nil {
                counted[purchase.transaction] = purchase
            }
        }
        let byUser = Dictionary(grouping: counted.values.filter { $0.source == .event || $0.production }, by: \.user)
        var expected = Expected(variants: [:], multipleExposures: 0, leftOutPurchases: 0)
        for user in users {
            let exposed = user.exposed ?? resolved.lowerBound
            guard from <= exposed, exposed < to else { continue }
            guard user.second == nil else {
                expected.multipleExposures += 1
                continue
            }
            var sums = expected.variants[user.variant] ?? Sums()
            sums.users += 1
            var revenue = 0.0
            var bought = (any: false, paid: false, trial: false)
            for purchase in byUser[user.id] ?? [] {
                let after = user.exposed.map { purchase.time >= $0 } ?? (purchase.time > resolved.upperBound)
                let within = purchase.time < to
                    && purchase.time.secondsSince1970 - exposed.secondsSince1970 < window
                guard after, within else { continue }
                bought.any = true
                if purchase.milliunits > 0 { bought.paid = true } else { bought.trial = true }
                guard !purchase.refunded else { continue }
                if purchase.currency == "USD" {
                    revenue += Double(purchase.milliunits) / 1000
                } else if purchase.milliunits != 0 {
                    expected.leftOutPurchases += 1
                }
            }
            if bought.any { sums.conversions += 1 }
            if bought.paid { sums.paidConversions += 1 }
            if bought.trial { sums.trialStarts += 1 }
            sums.revenue += revenue
            sums.revenueSquares += revenue * revenue
            expected.variants[user.variant] = sums
        }
        return expected
    }
}
