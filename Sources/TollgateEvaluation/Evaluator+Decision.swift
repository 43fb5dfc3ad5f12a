public import Foundation

extension Evaluator {
    /// The full decision for `input`, judged at `input.now` or else at `now`.
    public func evaluate(_ input: EvaluationInput, now fallback: Date) -> Decision {
        let judgement = judge(input, now: fallback)
        let tables = policy.tables
        let bundle = tables.bundle
        var features: [String: Bool] = [:]
        var explain: [String: String] = [:]
        var upsell: [String: [String]] = [:]
        for (index, feature) in bundle.features.enumerated() {
            let tier = tables.featureTiers[index]
            let unlocked = judgement.tiers.contains(tier)
            features[feature.id] = unlocked
            explain[feature.id] = judgement.reasons.feature(tier: tier, unlocked: unlocked)
            if !unlocked { upsell[feature.id] = offers(for: tier, currency: judgement.currency, soldIn: judgement.marketplace) }
        }
        return Decision(
            app: bundle.app, policy: bundle.policy, tiers: judgement.tierIDs, features: features,
            ads: Decision.Ads(enabled: judgement.adsEnabled, reason: judgement.adsReason,
                              placements: judgement.adsEnabled ? tables.placementsShown : tables.placementsHidden),
            upsell: upsell, explain: explain, warnings: judgement.warnings)
    }

    /// What `input` is owed, before it is written as a `Decision` or straight as the decision's JSON.
    func judge(_ input: EvaluationInput, now fallback: Date) -> Judgement {
        let now = input.now ?? fallback
        let tables = policy.tables
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
        return Judgement(
            tiers: tiers, tierIDs: Access(policy: policy, tiers: tiers, adsEnabled: enabled).tierIDs,
            adsEnabled: enabled, adsReason: reasons.ads(enabled: enabled, consent: input.consent), reasons: reasons,
            warnings: warnings, currency: input.currency ?? tables.defaultCurrency,
            marketplace: input.user.platform.flatMap(Marketplace.init(platform:)))
    }

    /// The products that grant `tier`, cheapest first in `currency`; unpriced ones last, in policy order. With a
    /// store, only the products it sells: an Android user is never offered an App Store-only product.
    func offers(for tier: Int, currency: String, soldIn marketplace: Marketplace? = nil) -> [String] {
        offerIndexes(for: tier, currency: currency, soldIn: marketplace).map { policy.tables.bundle.products[$0].id }
    }

    /// The positions of the products `offers(for:currency:soldIn:)` names.
    func offerIndexes(for tier: Int, currency: String, soldIn marketplace: Marketplace?) -> [Int] {
        let tables = policy.tables
        let offers = tables.offers[currency]?[tier] ?? tables.granting[tier]
        guard marketplace != nil, tables.limitsStores else { return offers }
        return offers.filter { tables.bundle.products[$0].isSold(in: marketplace) }
    }
}

/// What an evaluation found: the tiers held, the ads decision and what explains them.
struct Judgement {
    let tiers: TierSet
    let tierIDs: [String]
    let adsEnabled: Bool
    let adsReason: String
    let reasons: Reasons
    let warnings: [String]
    /// The currency upsell offers are ordered by.
    let currency: String
    /// The store the user buys in, which limits the offers, when the input names a platform.
    let marketplace: Marketplace?
}

/// The sentences behind a decision.
struct Reasons {
    let evaluator: Evaluator
    let tiers: TierSet
    let grantedBy: [(product: Int, state: EntitlementState)]
    let withheld: [(product: Int, state: EntitlementState)]
    let synced: Bool

    private var tables: CompiledPolicy.Tables { evaluator.policy.tables }

    /// The sentence for a feature of `tier`, which is the same for every feature of the tier.
    func feature(tier: Int, unlocked: Bool) -> String {
        if tables.free.contains(tier) { return Self.free }
        if unlocked, let source = grantedBy.first(where: { tables.productGrants[$0.product].contains(tier) }) {
            return "unlocked: \(tables.bundle.tiers[tier].id) granted by \(tables.productNames[source.product]) "
                + "(\(source.state.rawValue))"
        }
        var sentence = tables.tierNeeds[tier]
        guard !isPlainNeed(tier: tier) else { return sentence }
        for (product, state) in withheld where tables.productGrants[product].contains(tier) {
            sentence += "; \(tables.productNames[product]) is \(state.rawValue), which "
                + (synced ? "does not keep access" : "does not count before the store answers")
        }
        if !synced, tables.bundle.entitlements.unknown == .deny {
            sentence += "; the store has not answered yet"
        }
        return sentence
    }

    /// Whether the sentence for a locked feature of `tier` is the tier's own `tierNeeds`, nothing added: what
    /// `feature(tier:unlocked:)` itself asks, so the service's prepared sentence and this one cannot differ.
    func isPlainNeed(tier: Int) -> Bool {
        (synced || tables.bundle.entitlements.unknown != .deny)
            && !withheld.contains { tables.productGrants[$0.product].contains(tier) }
    }

    /// The sentence for a feature of the free tier.
    static let free = "free: every user has it"

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
