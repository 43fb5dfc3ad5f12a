public import Foundation

/// What an entitlement set unlocks: the tiers held and whether ads may show. Cheap to make and to ask.
public struct Access: Sendable {
    public let policy: CompiledPolicy
    public let tiers: TierSet
    public let adsEnabled: Bool

    /// Whether the feature with this id is unlocked; false for an id the policy does not have.
    public func unlocks(_ feature: String) -> Bool {
        guard let index = policy.tables.featureIndex[feature] else { return false }
        return tiers.contains(policy.tables.featureTiers[index])
    }

    /// Whether an ad may show at this placement; false for a placement the policy does not have.
    public func showsAds(at placement: String) -> Bool {
        adsEnabled && policy.tables.adPlacementIndex[placement] != nil
    }

    /// The ids of the tiers held, in the policy's order.
    public var tierIDs: [String] {
        policy.bundle.tiers.indices.filter(tiers.contains).map { policy.bundle.tiers[$0].id }
    }
}

/// Answers "which features does this entitlement set unlock, and may this user see ads?" for one policy.
///
/// A pure function of the policy and its input: the time comes in as `now`, never from a clock.
public struct Evaluator: Sendable {
    public let policy: CompiledPolicy

    public init(policy: CompiledPolicy) {
        self.policy = policy
    }

    /// The fast path: tiers and the ads decision, allocating nothing.
    public func access(_ entitlements: [Entitlement], synced: Bool = true, consent: Consent = .unknown,
                       now: Date) -> Access {
        let tables = policy.tables
        var tiers = tables.free
        for entitlement in entitlements {
            guard let product = tables.productIndex[entitlement.product],
                  keepsAccess(entitlement, synced: synced, now: now) else { continue }
            tiers.formUnion(tables.productGrants[product])
        }
        return Access(policy: policy, tiers: tiers, adsEnabled: adsEnabled(tiers: tiers, synced: synced, consent: consent))
    }

    /// Whether an entitlement keeps access under the policy's state table, its expiry and the sync state.
    func keepsAccess(_ entitlement: Entitlement, synced: Bool, now: Date) -> Bool {
        let state = effectiveState(entitlement, now: now)
        if state == .pending || state == .revoked { return false }
        if synced { return policy.tables.stateGrants[state.position] }
        switch policy.tables.bundle.entitlements.unknown {
        case .deny: return false
        case .grant: return true
        case .cached: return policy.tables.stateGrants[state.position]
        }
    }

    /// The state after expiry: an `expires` at or before `now` means expired, whatever the state says,
    /// except that pending and revoked stay what they are (they grant nothing, expired or not).
    func effectiveState(_ entitlement: Entitlement, now: Date) -> EntitlementState {
        switch entitlement.state {
        case .pending, .revoked: return entitlement.state
        default:
            if let expires = entitlement.expires, expires <= now { return .expired }
            return entitlement.state
        }
    }

    /// `(synced or not hide_until_synced) and no ad-free tier held and (consent granted or not require_consent)`.
    func adsEnabled(tiers: TierSet, synced: Bool, consent: Consent) -> Bool {
        let ads = policy.tables.bundle.ads
        return (synced || !ads.hideUntilSynced) && !tiers.intersects(policy.tables.adFree)
            && (consent == .granted || !ads.requireConsent)
    }
}

extension EntitlementState {
    /// The index in `allCases`, without searching.
    var position: Int {
        switch self {
        case .active: 0
        case .gracePeriod: 1
        case .billingRetry: 2
        case .expired: 3
        case .revoked: 4
        case .pending: 5
        }
    }
}
