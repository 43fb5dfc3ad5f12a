/// What happens when a customer posts a purchase another customer owns (the policy's `customers.restore`).
package enum RestoreMode: String, Hashable, Sendable, CaseIterable {
    /// The purchase moves to the customer who posted it (the default).
    case transfer
    /// The owner keeps it and the post is refused.
    case keep
}
