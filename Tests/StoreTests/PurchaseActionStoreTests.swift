import Store
import TestSupport
import Testing
import TollgateEvaluation

/// The calls a store must receive about a purchase: recorded in the event's commit, claimed by one caller at a
/// time, retried once a claim runs out or is dropped, and never made again once done; alike on both backends.
@Suite(.tags(.postgres)) struct PurchaseActionStoreTests {
    static let key = PurchaseKey(app: "demo", store: "play", purchase: "token-1")
    static let acknowledge = PurchaseAction(key: key, action: "acknowledge-subscription:pro")
    static let noon = TemporaryStore.noon
    static let later = Timestamp(secondsSince1970: noon.secondsSince1970 + 60)

    /// Records an event for `key` that asks for `actions`.
    static func request(_ actions: [String], on store: any CustomerStore) throws {
        _ = try store.recordPurchaseEvent(key, notification: nil) { _ in
            PurchaseUpdate(actions: actions, status: "applied")
        }
    }

    @Test(arguments: StoreBackend.allCases) func anActionIsRecordedOnceAndClaimedByOneCaller(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        try Self.request([Self.acknowledge.action], on: customers)
        try Self.request([Self.acknowledge.action], on: customers)
        #expect(try customers.pendingActions(app: "demo", limit: 10) == [Self.acknowledge])
        #expect(try customers.claimAction(Self.acknowledge, now: Self.noon, until: Self.later))
        #expect(try !customers.claimAction(Self.acknowledge, now: Self.noon, until: Self.later),
                "a second caller waits for the first one's claim")
        try customers.finishAction(Self.acknowledge, done: true, at: Self.noon)
        #expect(try customers.pendingActions(app: "demo", limit: 10).isEmpty)
        #expect(try !customers.claimAction(Self.acknowledge, now: Self.later, until: Self.later),
                "a done action is never made again")
        try Self.request([Self.acknowledge.action], on: customers)
        #expect(try customers.pendingActions(app: "demo", limit: 10).isEmpty, "asking again for a done action adds nothing")
    }

    @Test(arguments: StoreBackend.allCases) func aClaimRunsOutOrIsDroppedSoTheCallIsRetried(_ backend: StoreBackend) throws {
        let store = try BackendStore(backend)
        defer { store.remove() }
        let customers = try store.openCustomers()
        let consume = PurchaseAction(key: Self.key, action: "consume-product:coins")
        try Self.request([Self.acknowledge.action, consume.action], on: customers)
        #expect(try Set(customers.pendingActions(app: "demo", limit: 10)) == [Self.acknowledge, consume])
        #expect(try customers.pendingActions(app: "other", limit: 10).isEmpty)
        #expect(try customers.pendingActions(app: "demo", limit: 1).count == 1)
        #expect(try customers.claimAction(consume, now: Self.noon, until: Self.later))
        #expect(try customers.claimAction(consume, now: Self.later, until: Self.later),
                "a crashed caller's claim runs out")
        try customers.finishAction(consume, done: false, at: Self.later)
        #expect(try customers.claimAction(consume, now: Self.later, until: Self.later), "a dropped claim frees the call")
        #expect(try customers.claimAction(Self.acknowledge, now: Self.noon, until: Self.later),
                "each action is claimed on its own")
    }
}
