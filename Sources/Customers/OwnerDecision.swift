/// Who owns a purchase after a transaction of it arrives.
package enum OwnerDecision: Hashable, Sendable {
    /// The owner stays as it is: a customer, or nil while no one has claimed the purchase.
    case keep(CustomerID?)
    /// The purchase had no owner and now belongs to this customer.
    case assign(CustomerID)
    /// Another customer restored the purchase and it moves to them (`restore: transfer`).
    case transfer(from: CustomerID, to: CustomerID)
    /// Another customer posted the purchase and `restore: keep` leaves it with its owner: a 409 for the poster.
    case refuse(owner: CustomerID)

    /// The owner after a payload of the purchase arrives from `poster` (nil for a store notification): the
    /// customer that posted any payload of the purchase owns it; an unclaimed purchase whose payload names a
    /// customer (`claimant`: the App Store's `appAccountToken`, Play's `obfuscatedExternalAccountId`) belongs to
    /// them; a post by another customer than the owner transfers the purchase or is refused, as `restore` says.
    package static func decide(current: CustomerID?, poster: CustomerID?, claimant: CustomerID?,
                               restore: RestoreMode) -> OwnerDecision {
        switch (current, poster) {
        case (nil, let poster?):
            return .assign(poster)
        case (let owner?, let poster?) where owner != poster:
            return restore == .transfer ? .transfer(from: owner, to: poster) : .refuse(owner: owner)
        case (nil, nil):
            return claimant.map(OwnerDecision.assign) ?? .keep(nil)
        case (let owner, _):
            return .keep(owner)
        }
    }
}
