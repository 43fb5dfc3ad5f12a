public import Foundation

extension Evaluator {
    /// The full decision for `input`, judged at `input.now` or else at `now`.
    public func evaluate(_ input: EvaluationInput, now fallback: Date) -> Decision {
        let now = input.now ?? fallback
        let tables = policy.tables
        let bundle = tables.bundle
        var tiers = tables.free
        var grantedBy: [(product: Int, state: EntitlementState)] = []
        var withheld: [(product: Int, state: EntitlementState)] = []
        var warnings: [String] = []
        for entitlement in input.entitlements {
            guard let product = tables.productIndex[entitlement.product] else {
                warnings.append("unknown product '\(entitlement.product)' ignored")
                continue
            }
            let state = effectiveState(entitlement, now: now)
            if keepsAccess(entitlement, synced: input.synced, now: now) {
                tiers.formUnion(tables.productGrants[product])
                grantedBy.append((product, state))
            } else {
                withheld.append((product, state))
            }
        }
        let reasons = Reasons(evaluator: self, tiers: tiers, grantedBy: grantedBy, withheld: withheld,
                              synced: input.synced)
        let enabled = adsEnabled(tiers: tiers, synced: input.synced, consent: input.consent)
        var features: [String: Bool] = [:]
        var explain: [String: String] = [:]
        var upsell: [String: [String]] = [:]
        let currency = input.currency ?? tables.defaultCurrency
        let marketplace = input.user.platform.flatMap(Marketplace.init(platform:))
        for (index, feature) in bundle.features.enumerated() {
            let tier = tables.featureTiers[index]
            let unlocked = tiers.contains(tier)
            features[feature.id] = unlocked
            explain[feature.id] = reasons.feature(tier: tier, unlocked: unlocked)
            if !unlocked { upsell[feature.id] = offers(for: tier, currency: currency, soldIn: marketplace) }
        }
        return Decision(
            app: bundle.app, policy: bundle.policy, tiers: Access(policy: policy, tiers: tiers, adsEnabled: enabled).tierIDs,
            features: features,
            ads: Decision.Ads(enabled: enabled, reason: reasons.ads(enabled: enabled, consent: input.consent),
                              placements: enabled ? tables.placementsShown : tables.placementsHidden),
            upsell: upsell, explain: explain, warnings: warnings)
    }

    /// The products that grant `tier`, cheapest first in `currency`; unpriced ones last, in policy order. With a
    /// store, only the products it sells: an Android user is never offered an App Store-only product.
    func offers(for tier: Int, currency: String, soldIn marketplace: Marketplace? = nil) -> [String] {
        let tables = policy.tables
        let offers = tables.offers[currency]?[tier] ?? tables.granting[tier].map { tables.bundle.products[$0].id }
        guard marketplace != nil, tables.limitsStores else { return offers }
        return offers.filter { id in
            tables.productIndex[id].map { tables.bundle.products[$0].isSold(in: marketplace) } ?? true
        }
    }
}

/// The sentences behind a decision.
struct Reasons {
    let evaluator: Evaluator
    let tiers: TierSet
    let grantedBy: [(product: Int, state: EntitlementState)]
    let withheld: [(product: Int, state: EntitlementState)]
    let synced: Bool

    private var tables: CompiledPolicy.Tables { evaluator.policy.tables }

    func feature(tier: Int, unlocked: Bool) -> String {
        if tables.free.contains(tier) { return "free: every user has it" }
        if unlocked, let source = grantedBy.first(where: { tables.productGrants[$0.product].contains(tier) }) {
            return "unlocked: \(tables.bundle.tiers[tier].id) granted by \(tables.productNames[source.product]) "
                + "(\(source.state.rawValue))"
        }
        var sentence = tables.tierNeeds[tier]
        for (product, state) in withheld where tables.productGrants[product].contains(tier) {
            sentence += "; \(tables.productNames[product]) is \(state.rawValue), which "
                + (synced ? "does not keep access" : "does not count before the store answers")
        }
        if !synced, tables.bundle.entitlements.unknown == .deny {
            sentence += "; the store has not answered yet"
        }
        return sentence
    }

    func ads(enabled: Bool, consent: Consent) -> String {
        let ads = tables.bundle.ads
        if !synced, ads.hideUntilSynced { return "not synced: ads stay hidden until the store answers" }
        if let tier = tables.bundle.tiers.indices.first(where: { tiers.contains($0) && tables.adFree.contains($0) }) {
            let source = grantedBy.first { tables.productGrants[$0.product].contains(tier) }
            return "ad-free: \(tables.bundle.tiers[tier].id) granted by "
                + (source.map { tables.bundle.products[$0.product].id } ?? "the free tier")
        }
        if ads.requireConsent, consent != .granted { return "consent \(consent.rawValue): ads need the user's consent" }
        return "ads shown: no ad-free tier held" + (synced ? "" : " (store not synced; hide_until_synced is off)")
    }
}
