package import TollgateEvaluation

/// What Tollgate knows of one Play purchase token: the newest Developer API read of it, and whether it was voided.
/// Merging keeps the read made last, so reads arriving in any order give the same purchase.
package struct PlayPurchase: Hashable, Sendable {
    /// A Developer API answer for the token.
    package enum Read: Hashable, Sendable {
        case subscription(PlaySubscriptionPurchase)
        /// A one-time product's purchase; `productID` is the product it was read under.
        case product(productID: String, PlayProductPurchase)
    }

    package var token: String
    /// The newest read, nil until the API was read.
    package var read: Read?
    /// When `read` was made.
    package var readAt: Timestamp?
    /// When a voided-purchase notification said Google refunded, charged back or canceled it.
    package var voidedAt: Timestamp?

    package init(token: String) {
        self.token = token
    }

    /// Keeps `read`, made at `at`, unless the read held was made later, and returns whether the purchase changed.
    /// In the same second (times are whole seconds) the incoming read wins: the store applies the events of one
    /// purchase one after another, so it is the later answer.
    @discardableResult
    package mutating func merge(_ read: Read, at: Timestamp) -> Bool {
        if let readAt, at < readAt { return false }
        let changed = self.read != read
        self.read = read
        readAt = at
        return changed
    }

    /// Whether a read made at `at` is older than the one held, so that merging it changes nothing.
    package func holdsNewerRead(than at: Timestamp) -> Bool {
        readAt.map { $0 > at } ?? false
    }

    /// Marks the purchase voided at `at`, and returns whether it was not voided before (the first time is kept).
    @discardableResult
    package mutating func void(at: Timestamp) -> Bool {
        guard voidedAt == nil else { return false }
        voidedAt = at
        return true
    }

    /// Sandbox for a license tester's purchase (a subscription with `testPurchase`, a one-time product with
    /// `purchaseType` 0), else production.
    package var environment: StoreEnvironment {
        switch read {
        case .subscription(let subscription): subscription.testPurchase ? .sandbox : .production
        case .product(_, let product): product.purchaseType == 0 ? .sandbox : .production
        case nil: .production
        }
    }

    /// The `obfuscatedExternalAccountId` the app set on the purchase, as sent (no lowercasing): the owner's id when no
    /// customer posted the token.
    package var accountID: String? {
        switch read {
        case .subscription(let subscription): subscription.accountID
        case .product(_, let product): product.accountID
        case nil: nil
        }
    }

    /// The policy product of each line item (`<productId>:<basePlanId>` when the policy has it, else `<productId>`),
    /// or the one-time product.
    package func productIDs(policy: CustomerPolicy) -> [String] {
        switch read {
        case .subscription(let subscription): subscription.lineItems.map { Self.product(of: $0, policy: policy) }
        case .product(let productID, _): [productID]
        case nil: []
        }
    }

    /// The policy product a line item is: `<productId>:<basePlanId>` when the policy has that id, else `<productId>`.
    static func product(of item: PlaySubscriptionPurchase.LineItem, policy: CustomerPolicy) -> String {
        if let basePlan = item.basePlanID, policy.products["\(item.productID):\(basePlan)"] != nil {
            return "\(item.productID):\(basePlan)"
        }
        return item.productID
    }
}
