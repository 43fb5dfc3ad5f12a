import Customers
import Store
import TollgateEvaluation

/// What both stores' decisions write alike: an owner change with its history lines, and a purchase's credit
/// changes not recorded yet.
extension PurchaseUpdate {
    /// Sets the owner `decision` names and writes the history lines it calls for, each made by `event`; answers the
    /// owner after it and, when the post is refused (`restore: keep`), the owner who keeps the purchase.
    mutating func apply(_ decision: OwnerDecision, poster: CustomerID?,
                        event: (CustomerID, String) -> CustomerEvent) -> (owner: CustomerID?, refusedBy: CustomerID?) {
        switch decision {
        case .keep(let kept):
            return (kept, nil)
        case .assign(let first):
            owner = first.text
            events.append(event(first, poster == nil ? "claimed by the account the purchase names" : "recorded"))
            return (first, nil)
        case .transfer(let from, let to):
            owner = to.text
            events.append(event(from, "transferred to '\(to.text)' (restored on another account)"))
            events.append(event(to, "transferred from '\(from.text)' (restored on this account)"))
            return (to, nil)
        case .refuse(let holder):
            if let poster {
                events.append(event(holder, "kept: '\(poster.text)' restored it on another account (restore: keep)"))
                events.append(event(poster, "refused: the purchase belongs to another customer"))
            }
            return (holder, holder)
        }
    }

    /// Records the `changes` whose keys `recorded` lacks for `owner`, with a history line each. A refund takes back
    /// from whoever the credits were granted to: the owner then, not a later one (none once they were forgotten).
    mutating func credit(_ changes: [CreditChange], recorded: [String: String?], owner: CustomerID,
                         environment: StoreEnvironment, now: Timestamp, event: (CustomerID, String) -> CustomerEvent) {
        var granted = recorded
        for change in changes where granted[change.key] == nil {
            let grant = "\(change.transactionID):purchase"
            let customer = change.key == grant ? owner.text : granted[grant] ?? owner.text
            granted[change.key] = .some(customer)
            credits.append(LedgerEntry(customer: customer, environment: environment.rawValue, currency: change.currency,
                                       amount: change.amount, reason: change.reason, key: change.key,
                                       transaction: change.transactionID, time: now))
            guard let customer, let credited = try? CustomerID(customer) else { continue }
            events.append(event(credited, "\(change.amount > 0 ? "+" : "")\(change.amount) \(change.currency) "
                                    + "(\(change.reason))"))
        }
    }
}
