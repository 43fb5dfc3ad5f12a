import Customers
import Testing
import TollgateEvaluation

/// Merging Developer API reads of a token, voiding it, its credits and what Google must be told.
@Suite struct PlayPurchaseTests {
    typealias P = PlayPayloads

    static let earlier = Timestamp(secondsSince1970: 1_768_000_000)
    static let later = Timestamp(secondsSince1970: 1_768_500_000)

    @Test func theNewerReadWinsWhateverTheOrder() throws {
        let old = PlayPurchase.Read.subscription(try P.subscription("ACTIVE"))
        let new = PlayPurchase.Read.subscription(try P.subscription("CANCELED"))
        var inOrder = PlayPurchase(token: "tok")
        let firstKept = inOrder.merge(old, at: Self.earlier)
        let secondKept = inOrder.merge(new, at: P.now)
        var reversed = PlayPurchase(token: "tok")
        let newKept = reversed.merge(new, at: P.now)
        let oldKept = reversed.merge(old, at: Self.earlier)
        #expect([firstKept, secondKept, newKept, oldKept] == [true, true, true, false])
        #expect(inOrder == reversed)
        #expect(inOrder.read == new)
        #expect(inOrder.readAt == P.now)
    }

    @Test func inTheSameSecondTheIncomingReadWins() throws {
        var purchase = PlayPurchase(token: "tok")
        purchase.merge(.subscription(try P.subscription("ACTIVE")), at: P.now)
        let expired = PlayPurchase.Read.subscription(try P.subscription("EXPIRED"))
        let replaced = purchase.merge(expired, at: P.now)
        #expect(replaced)
        #expect(purchase.read == expired)
        let again = purchase.merge(expired, at: P.now)
        #expect(!again, "the same answer again changes nothing")
        #expect(!purchase.holdsNewerRead(than: P.now))
        #expect(purchase.holdsNewerRead(than: Self.earlier))
    }

    @Test func voidingHappensOnce() throws {
        var purchase = P.purchase(.subscription(try P.subscription("ACTIVE")))
        let first = purchase.void(at: Self.earlier)
        let second = purchase.void(at: P.now)
        #expect(first && !second)
        #expect(purchase.voidedAt == Self.earlier)
        purchase.merge(.subscription(try P.subscription("ACTIVE")), at: Self.later)
        #expect(purchase.entitlements(at: P.now, policy: P.policy).map(\.state) == [.revoked], "a void stays")
    }

    @Test func aConsumableGrantsItsCreditsTimesQuantity() throws {
        let purchase = P.purchase(.product(productID: "coins.100", try P.product(0, extra: #", "quantity": 3"#)))
        #expect(purchase.creditChanges(policy: P.policy) == [
            CreditChange(key: "tok:purchase", transactionID: "tok", currency: "coins", amount: 300, reason: "purchase"),
        ])
    }

    @Test func aRefundTakesTheSameAmountBackOnce() throws {
        let refund = [
            CreditChange(key: "tok:purchase", transactionID: "tok", currency: "coins", amount: 200, reason: "purchase"),
            CreditChange(key: "tok:refund", transactionID: "tok", currency: "coins", amount: -200, reason: "refund"),
        ]
        let read = PlayPurchase.Read.product(productID: "coins.100", try P.product(0, extra: #", "quantity": 2"#))
        var voided = P.purchase(read, voided: true)
        #expect(voided.creditChanges(policy: P.policy) == refund)
        voided.void(at: Self.later)
        #expect(voided.creditChanges(policy: P.policy) == refund, "voided twice, refunded once")
        let canceled = P.purchase(.product(productID: "coins.100", try P.product(1, extra: #", "quantity": 2"#)))
        #expect(canceled.creditChanges(policy: P.policy) == refund)
    }

    @Test func noCreditsWhenPendingOrWithoutAGrant() throws {
        #expect(P.purchase(.product(productID: "coins.100", try P.product(2))).creditChanges(policy: P.policy).isEmpty)
        #expect(P.purchase(.product(productID: "gems", try P.product(0))).creditChanges(policy: P.policy).isEmpty)
        #expect(P.purchase(.product(productID: "lifetime", try P.product(0))).creditChanges(policy: P.policy).isEmpty)
        #expect(P.purchase(.product(productID: "unlisted", try P.product(0))).creditChanges(policy: P.policy).isEmpty)
        #expect(P.purchase(.subscription(try P.subscription("ACTIVE"))).creditChanges(policy: P.policy).isEmpty)
    }

    @Test func theCreditsOfAHugeQuantityStayInRange() throws {
        var policy = P.policy
        policy.products["coins.100"]?.credits = CreditGrant(currency: "coins", amount: .max / 2)
        let read = PlayPurchase.Read.product(productID: "coins.100", try P.product(1, extra: #", "quantity": 3"#))
        #expect(P.purchase(read).creditChanges(policy: policy).map(\.amount) == [.max, -.max])
    }

    static func actions(_ read: PlayPurchase.Read, voided: Bool = false) -> [PlayAction] {
        P.purchase(read, voided: voided).actions(at: P.now, policy: P.policy)
    }

    @Test(arguments: ["ACTIVE", "IN_GRACE_PERIOD", "CANCELED"])
    func aGrantingSubscriptionIsAcknowledgedUnderItsProduct(state: String) throws {
        #expect(Self.actions(.subscription(try P.subscription(state))) == [.acknowledgeSubscription(productID: "pro")])
        #expect(Self.actions(.subscription(try P.subscription(state, acknowledged: true))) == [])
        #expect(Self.actions(.subscription(try P.subscription(state, expiry: P.past))) == [])
        #expect(Self.actions(.subscription(try P.subscription(state)), voided: true) == [])
    }

    @Test(arguments: ["ON_HOLD", "PAUSED", "EXPIRED", "PENDING", "PENDING_PURCHASE_CANCELED", "SOMETHING_NEW"])
    func aSubscriptionThatGrantsNothingIsNotAcknowledged(state: String) throws {
        #expect(Self.actions(.subscription(try P.subscription(state))) == [])
    }

    @Test func aConsumableWithCreditsIsConsumed() throws {
        let consume = [PlayAction.consumeProduct(productID: "coins.100")]
        #expect(Self.actions(.product(productID: "coins.100", try P.product(0))) == consume)
        let acknowledged = try P.product(0, acknowledged: true)
        #expect(Self.actions(.product(productID: "coins.100", acknowledged)) == consume)
        let consumed = try P.product(0, consumed: true)
        #expect(Self.actions(.product(productID: "coins.100", consumed)) == [])
        #expect(Self.actions(.product(productID: "coins.100", try P.product(0)), voided: true) == [])
        #expect(Self.actions(.product(productID: "coins.100", try P.product(2))) == [])
        #expect(Self.actions(.product(productID: "coins.100", try P.product(1))) == [])
    }

    @Test func anotherOneTimeProductIsAcknowledged() throws {
        for product in ["lifetime", "pass.week", "gems", "unlisted"] {
            #expect(Self.actions(.product(productID: product, try P.product(0)))
                == [.acknowledgeProduct(productID: product)])
            #expect(Self.actions(.product(productID: product, try P.product(0, acknowledged: true))) == [])
            #expect(Self.actions(.product(productID: product, try P.product(2))) == [])
            #expect(Self.actions(.product(productID: product, try P.product(0)), voided: true) == [])
        }
        #expect(PlayPurchase(token: "tok").actions(at: P.now, policy: P.policy) == [])
    }

    @Test(arguments: [
        PlayAction.acknowledgeSubscription(productID: "pro"), .acknowledgeProduct(productID: "lifetime"),
        .consumeProduct(productID: "coins:100"),
    ])
    func anActionReadsBackFromItsText(action: PlayAction) {
        #expect(PlayAction(text: action.text) == action)
    }

    @Test func actionTexts() {
        #expect(PlayAction.acknowledgeSubscription(productID: "pro").text == "acknowledge-subscription:pro")
        #expect(PlayAction.acknowledgeProduct(productID: "a").text == "acknowledge-product:a")
        #expect(PlayAction.consumeProduct(productID: "c").text == "consume-product:c")
        #expect(PlayAction(text: "refund-product:a") == nil)
        #expect(PlayAction(text: "consume-product:") == nil)
        #expect(PlayAction(text: "consume-product") == nil)
    }
}
