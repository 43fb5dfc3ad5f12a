package import Customers
import JSON
import PlayDeveloperAPI
import Store
package import TollgateEvaluation

/// Google Play's purchases: a Pub/Sub push only says that a token's purchase changed, so each event reads the
/// purchase from the Developer API, commits what it read once (by `messageId`), then makes the calls Google must
/// receive (acknowledge, consume), whose intent was committed with it.
extension CustomerLedger {
    /// Authenticates a Pub/Sub push of a real-time developer notification, reads the purchase it names, applies it
    /// once, and acknowledges or consumes the purchase as it needs. A message Tollgate can never act on is
    /// `ignored` with a reason; anything worth retrying throws, so that Pub/Sub sends the message again.
    package func receivePlayNotification(_ body: [UInt8], authorization: String?, policy: CustomerPolicy,
                                         now: Timestamp) async throws(CustomerError) -> NotificationReceipt {
        let play = try playAccess()
        try play.authenticate(authorization, now: now)
        let message: PlayPushMessage
        do {
            message = try PlayPushMessage(body: body)
        } catch {
            return try ignore(nil, id: error.messageID, reason: "unreadable-message")
        }
        let notification = message.notification
        let stored = StoredNotification(id: message.messageID, app: policy.app, store: Marketplace.play.rawValue,
                                        type: notification.name, subtype: nil, signedDate: notification.eventTime,
                                        text: String(decoding: body, as: UTF8.self), receivedAt: now)
        guard notification.packageName == policy.packageName else {
            return try ignore(stored, id: message.messageID, reason: "other-package")
        }
        let token = notification.event.token
        if try read({ store throws(StoreError) in
            try store.notificationStatus(app: policy.app, store: Marketplace.play.rawValue, id: message.messageID)
        }) ?? nil != nil {
            return NotificationReceipt(status: .duplicate, notification: message.messageID,
                                       customer: try await duplicate(of: token, policy: policy, now: now))
        }
        let decision: PlayDecision
        switch notification.event {
        case .test:
            let first = try write { store throws(StoreError) in try store.recordNotification(stored, status: "test") }
            return NotificationReceipt(status: first ? .test : .duplicate, notification: message.messageID,
                                       customer: nil)
        case .other:
            return try ignore(stored, id: message.messageID, reason: "unsupported-notification")
        case .subscription(_, let token):
            guard let read = try await read(.subscription, token: token, policy: policy) else {
                return try ignore(stored, id: message.messageID, reason: "purchase-not-found")
            }
            decision = PlayDecision(token: token, read: read, voided: nil, poster: nil, event: notification.name,
                                    policy: policy, now: now)
        case .oneTimeProduct(_, let token, let sku):
            guard let read = try await read(.product(sku), token: token, policy: policy) else {
                return try ignore(stored, id: message.messageID, reason: "purchase-not-found")
            }
            decision = PlayDecision(token: token, read: read, voided: nil, poster: nil, event: notification.name,
                                    policy: policy, now: now)
        case .voided(let token, _, _, _):
            decision = PlayDecision(token: token, read: nil, voided: (notification.eventTime, stored.text), poster: nil,
                                    event: notification.name, policy: policy, now: now)
        }
        let recorded = try record(decision.key, notification: stored, decide: decision.decide)
        try await perform(recorded.actions, key: decision.key, policy: policy, now: now)
        return NotificationReceipt(status: recorded.status, notification: message.messageID, customer: recorded.owner)
    }

    /// Reads the purchase of `token` the app posted for `customer` (its policy `product`), records it as theirs (a
    /// restore on another account moves it, or is refused under `keep`), settles it with Google, and answers their
    /// document.
    package func recordPlayPurchase(token: String, product: String, customer: CustomerID, policy: CustomerPolicy,
                                    now: Timestamp) async throws(CustomerError) -> CustomerDocument {
        guard let facts = policy.products[product] else {
            throw .invalidPayload("the policy has no product '\(product)'")
        }
        let kind: PurchaseKind = facts.type == .autoRenewable ? .subscription : .product(product)
        guard let read = try await read(kind, token: token, policy: policy) else {
            throw .purchaseNotFound("Google Play knows no purchase of '\(product)' with this token")
        }
        let decision = PlayDecision(token: token, read: read, voided: nil, poster: customer, event: "transaction",
                                    policy: policy, now: now)
        let recorded = try record(decision.key, notification: nil, decide: decision.decide)
        if let refusal = recorded.refusedBy { throw .purchaseOwnedByAnotherCustomer(owner: refusal) }
        try await perform(recorded.actions, key: decision.key, policy: policy, now: now)
        var purchase = PlayPurchase(token: token)
        purchase.merge(read.purchase, at: now)
        return try document(of: customer, environment: purchase.environment, policy: policy, now: now)
    }

    /// Settles every purchase of the app with a call to Google still pending (a restart after a crash, or a call
    /// that failed): each is read again and its calls made. Answers how many purchases are still pending.
    package func settlePendingPlayPurchases(policy: CustomerPolicy, now: Timestamp) async -> Int {
        guard play?.api != nil, policy.packageName != nil, let pending = try? read({ store throws(StoreError) in
            try store.pendingActions(app: policy.app, limit: 1000)
        }) else { return 0 }
        var unsettled = 0
        for key in Set(pending.map(\.key)) where key.store == Marketplace.play.rawValue {
            do {
                _ = try await settle(key, policy: policy, now: now)
            } catch {
                unsettled += 1
            }
        }
        return unsettled
    }

    // MARK: Helpers

    /// Which Developer API read a purchase takes.
    enum PurchaseKind {
        case subscription
        /// A one-time product, by its product id.
        case product(String)
    }

    private func playAccess() throws(CustomerError) -> PlayAccess {
        guard let play else { throw .playUnavailable("this service takes no Google Play purchases") }
        return play
    }

    /// Keeps an ignored message (when it has an id) so that it is answered `duplicate` if it comes again.
    private func ignore(_ notification: StoredNotification?, id: String?, reason: String)
        throws(CustomerError) -> NotificationReceipt
    {
        guard let notification else { return NotificationReceipt(status: .ignored, notification: id, customer: nil, reason: reason) }
        let first = try write { store throws(StoreError) in try store.recordNotification(notification, status: "ignored") }
        return NotificationReceipt(status: first ? .ignored : .duplicate, notification: id, customer: nil,
                                   reason: first ? reason : nil)
    }

    /// Google's answer about the purchase of `token`, or nil when Google knows no such purchase (404 or 410, or
    /// a token it calls invalid).
    private func read(_ kind: PurchaseKind, token: String, policy: CustomerPolicy)
        async throws(CustomerError) -> (purchase: PlayPurchase.Read, json: JSONValue)?
    {
        let api = try playAccess().developerAPI()
        guard let packageName = policy.packageName else {
            throw .invalidPayload("the policy's app has no package_name, so Google Play's purchases cannot be read")
        }
        let text: String
        do throws(PlayAPIError) {
            switch kind {
            case .subscription: text = try await api.subscription(packageName: packageName, token: token)
            case .product(let product):
                text = try await api.product(packageName: packageName, productID: product, token: token)
            }
        } catch .notFound, .refused(status: 400, _) {
            return nil
        } catch {
            throw .playUnavailable(error.description)
        }
        do {
            let json = try JSONValue(reading: Array(text.utf8))
            switch kind {
            case .subscription: return (.subscription(try PlaySubscriptionPurchase(json: json)), json)
            case .product(let product): return (.product(productID: product, try PlayProductPurchase(json: json)), json)
            }
        } catch {
            throw .playUnavailable("Google Play's answer about the purchase does not read: \(error)")
        }
    }

    /// The owner of the purchase of `token`, whose message came again: unchanged, unless a call to Google about it
    /// is still pending (the first delivery failed after its commit), when the purchase is read and settled again.
    private func duplicate(of token: String?, policy: CustomerPolicy, now: Timestamp)
        async throws(CustomerError) -> CustomerID?
    {
        guard let token else { return nil }
        let key = PurchaseKey(app: policy.app, store: Marketplace.play.rawValue, purchase: token)
        let (owner, pending) = try read { store throws(StoreError) in
            (try store.purchase(key)?.owner, try store.pendingActions(of: key))
        } ?? (nil, [])
        guard pending.isEmpty else { return try await settle(key, policy: policy, now: now) }
        return owner.flatMap { try? CustomerID($0) }
    }

    /// Reads the purchase `key` names again, commits what changed, and makes its pending calls; answers its owner.
    /// A call still pending after that is held by another caller (one that may have died making it, whose lease
    /// has not run out): it throws, so that the message is sent again rather than the call left unmade.
    private func settle(_ key: PurchaseKey, policy: CustomerPolicy, now: Timestamp) async throws(CustomerError) -> CustomerID? {
        let record = try read { store throws(StoreError) in try store.purchase(key) } ?? nil
        guard let record else { return nil }
        let held = PlayRecords.purchase(record)
        let kind: PurchaseKind
        switch held.read {
        case .subscription?: kind = .subscription
        case .product(let product, _)?: kind = .product(product)
        case nil: return record.owner.flatMap { try? CustomerID($0) }
        }
        guard let read = try await read(kind, token: key.purchase, policy: policy) else {
            return record.owner.flatMap { try? CustomerID($0) }
        }
        let decision = PlayDecision(token: key.purchase, read: read, voided: nil, poster: nil, event: "retry",
                                    policy: policy, now: now)
        let recorded = try self.record(key, notification: nil, decide: decision.decide)
        try await perform(recorded.actions, key: key, policy: policy, now: now)
        let pending = try self.read { store throws(StoreError) in try store.pendingActions(of: key) } ?? []
        if let call = pending.first {
            throw .playUnavailable("the purchase is recorded, but \(call.action) is still held by another caller")
        }
        return recorded.owner
    }

    /// Makes each pending call this caller can claim, marking it done once Google confirms it (or says it is
    /// moot: the purchase is gone, or Google answers 400, as it does for a purchase in no state to take the call);
    /// throws when one failed otherwise, so that it is retried.
    private func perform(_ actions: [String], key: PurchaseKey, policy: CustomerPolicy, now: Timestamp)
        async throws(CustomerError)
    {
        guard !actions.isEmpty, let packageName = policy.packageName else { return }
        let play = try playAccess()
        let api = try play.developerAPI()
        var failure: CustomerError?
        for text in actions {
            guard let call = PlayAction(text: text) else { continue }
            let action = PurchaseAction(key: key, action: text)
            let until = now.adding(seconds: play.actionLease)
            guard try write({ store throws(StoreError) in try store.claimAction(action, now: now, until: until) }) else {
                continue
            }
            var done = true
            do throws(PlayAPIError) {
                switch call {
                case .acknowledgeSubscription(let product):
                    try await api.acknowledgeSubscription(packageName: packageName, productID: product, token: key.purchase)
                case .acknowledgeProduct(let product):
                    try await api.acknowledgeProduct(packageName: packageName, productID: product, token: key.purchase)
                case .consumeProduct(let product):
                    try await api.consumeProduct(packageName: packageName, productID: product, token: key.purchase)
                }
            } catch .notFound, .refused(status: 400, _) {
                done = true
            } catch {
                done = false
                failure = .playUnavailable("the purchase is recorded, but \(call.text) failed: \(error)")
            }
            try write { store throws(StoreError) in try store.finishAction(action, done: done, at: now) }
        }
        if let failure { throw failure }
    }
}

extension PlayDeveloperNotification.Event {
    /// The purchase token the event is about; nil for a test.
    var token: String? {
        switch self {
        case .subscription(_, let token), .oneTimeProduct(_, let token, _), .voided(let token, _, _, _): token
        case .test, .other: nil
        }
    }
}
