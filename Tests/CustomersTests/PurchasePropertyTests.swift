import Customers
import TestSupport
import Testing
import TollgateEvaluation

/// Random versions of one purchase's transactions and renewal info, merged in random orders with random repeats,
/// always give the same purchase, the same entitlements and the same credit changes.
@Suite struct PurchasePropertyTests {
    typealias P = Payloads

    /// One payload of the purchase, as it arrives.
    enum Version {
        case transaction(AppStoreTransaction)
        case renewal(AppStoreRenewalInfo)
    }

    static let types: [(apple: String, facts: ProductFacts)] = [
        ("Auto-Renewable Subscription", ProductFacts(type: .autoRenewable)),
        ("Non-Consumable", ProductFacts(type: .nonConsumable)),
        ("Non-Renewing Subscription",
         ProductFacts(type: .nonRenewing, period: PolicyBundle.Period(months: 1, days: 3))),
        ("Consumable", ProductFacts(type: .consumable, credits: CreditGrant(currency: "coins", amount: 25))),
    ]

    /// Every version of a random purchase of `type`: signing times drawn from a few seconds apart, so versions
    /// signed in the same millisecond occur.
    static func versions(of type: String, using random: inout SplitMix64) throws -> [Version] {
        var versions: [Version] = []
        let month = 30 * P.day
        for index in 0..<Int.random(in: 1...4, using: &random) {
            let purchased = Int64(index) * month
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let signed = purchased + Int64.random(in: 0...3, using: &random)
                let revoked: Int64? = Bool.random(using: &random) && Bool.random(using: &random) ? signed : nil
                let offer: Int? = [nil, 1, 2, 3, 4].randomElement(using: &random)!
                versions.append(.transaction(try P.transaction(
                    "10\(index)", product: ["pro.a", "pro.b"].randomElement(using: &random)!, type: type,
                    purchased: purchased, expires: purchased + month + Int64.random(in: -2...2, using: &random) * P.day,
                    signed: signed, revoked: revoked, upgraded: Int.random(in: 0..<5, using: &random) == 0,
                    offerType: offer, discount: ["FREE_TRIAL", "PAY_AS_YOU_GO", nil].randomElement(using: &random)!,
                    familyShared: Int.random(in: 0..<4, using: &random) == 0,
                    quantity: Int.random(in: 1...3, using: &random))))
            }
        }
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            versions.append(.renewal(try P.renewal(
                signed: Int64.random(in: 0...4, using: &random) * month + Int64.random(in: 0...2, using: &random),
                autoRenew: [0, 1, nil].randomElement(using: &random)!, billingRetry: Bool.random(using: &random),
                graceUntil: Bool.random(using: &random) ? Int64.random(in: 0...5, using: &random) * month : nil)))
        }
        return versions
    }

    /// `versions` merged in a random order, a random few of them again; checks that each merge says whether it
    /// changed the purchase.
    static func merged(_ versions: [Version], using random: inout SplitMix64) -> Purchase {
        var arrivals = versions
        for _ in 0..<Int.random(in: 0...versions.count, using: &random) {
            arrivals.append(versions.randomElement(using: &random)!)
        }
        var purchase = Purchase(originalTransactionID: "1000")
        for version in arrivals.shuffled(using: &random) {
            let before = purchase
            let changed = switch version {
            case .transaction(let transaction): purchase.merge(transaction)
            case .renewal(let renewal): purchase.merge(renewal)
            }
            #expect(changed == (purchase != before))
        }
        return purchase
    }

    @Test func anyOrderWithRepeatsGivesTheSamePurchaseEntitlementsAndCredits() throws {
        var random = SplitMix64(seed: 0xC057_0000)
        for _ in 0..<300 {
            let (type, facts) = Self.types.randomElement(using: &random)!
            let versions = try Self.versions(of: type, using: &random)
            let reference = Self.merged(versions, using: &random)
            #expect(reference == Self.newest(versions))
            let nows = (0..<8).map { _ in P.at(Int64.random(in: -P.day...(6 * 30 * P.day), using: &random)) }
            for _ in 0..<4 {
                let purchase = Self.merged(versions, using: &random)
                #expect(purchase == reference)
                for now in nows {
                    #expect(purchase.entitlement(at: now, product: facts)
                        == reference.entitlement(at: now, product: facts))
                }
                #expect(purchase.creditChanges(product: facts) == reference.creditChanges(product: facts))
            }
        }
    }

    /// The purchase merging must give: for each transaction and for the renewal info, the version signed last,
    /// with the greatest canonical text among those signed in that millisecond.
    static func newest(_ versions: [Version]) -> Purchase {
        var purchase = Purchase(originalTransactionID: "1000")
        for version in versions {
            switch version {
            case .transaction(let transaction):
                let held = purchase.transactions[transaction.transactionID]
                if held.map({ Self.key(transaction) > Self.key($0) }) ?? true {
                    purchase.transactions[transaction.transactionID] = transaction
                }
            case .renewal(let renewal):
                if purchase.renewal.map({ (renewal.signedDateMilliseconds, renewal.canonicalText)
                    > ($0.signedDateMilliseconds, $0.canonicalText) }) ?? true {
                    purchase.renewal = renewal
                }
            }
        }
        return purchase
    }

    static func key(_ transaction: AppStoreTransaction) -> (Int64, String) {
        (transaction.signedDateMilliseconds, transaction.canonicalText)
    }
}
