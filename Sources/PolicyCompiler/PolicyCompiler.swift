package import PolicyModel
package import TollgateEvaluation

/// Compiles a validated `Policy` into the bundle that every evaluator — CLI, service, app — runs.
package enum PolicyCompiler {
    /// The bundle of `policy`: tiers with `free` first and includes closed over, products with the
    /// tiers they grant, the entitlement table and the ad rules.
    package static func bundle(_ policy: Policy) -> PolicyBundle {
        let ordered = policy.tiers.filter { $0.id.value == Policy.freeTier }
            + policy.tiers.filter { $0.id.value != Policy.freeTier }
        let order = Dictionary(ordered.enumerated().map { ($1.id.value, $0) }) { first, _ in first }
        func sorted(_ ids: Set<String>) -> [String] {
            ids.filter { order[$0] != nil && $0 != Policy.freeTier }.sorted { order[$0, default: 0] < order[$1, default: 0] }
        }
        let tiers = ordered.map { tier in
            PolicyBundle.Tier(id: tier.id.value, title: tier.title?.value, adFree: tier.adFree,
                              includes: sorted(policy.closure(of: [tier.id.value]).subtracting([tier.id.value])))
        }
        let products = policy.products.map { product in
            PolicyBundle.Product(
                id: product.id.value, type: product.type.value,
                grants: product.type.value == .consumable ? [] : sorted(policy.closure(of: product.grants.map(\.value))),
                group: product.group?.value,
                period: product.duration.map {
                    PolicyBundle.Period(months: $0.years * 12 + $0.months, days: $0.weeks * 7 + $0.days)
                },
                prices: Dictionary(product.referencePrices.map { ($0.currency.value, $0.amount.value) }) { first, _ in first },
                stores: product.stores.map { _ in policy.marketplaces(of: product) })
        }
        let entitlements = PolicyBundle.EntitlementTable(
            grants: EntitlementState.allCases.filter { policy.entitlements.states[$0]?.value == .grant },
            unknown: policy.entitlements.unknown.value)
        return PolicyBundle(
            app: policy.app.id.value, bundleID: policy.app.bundleID?.value, tiers: tiers,
            features: policy.features.map {
                PolicyBundle.Feature(id: $0.id.value, title: $0.title?.value, tier: $0.tier.value)
            },
            products: products, entitlements: entitlements,
            ads: PolicyBundle.Ads(hideUntilSynced: policy.ads.hideUntilSynced.value,
                                  requireConsent: policy.ads.requireConsent.value,
                                  placements: policy.ads.placements.map(\.id.value)),
            placements: policy.placements.map(placement), experiments: policy.experiments.map(experiment))
    }

    /// A placement's audiences in order; an audience without a known outcome shows nothing (validation
    /// refuses such a policy before it is compiled).
    private static func placement(_ placement: Placement) -> PolicyBundle.Placement {
        PolicyBundle.Placement(id: placement.id.value, audiences: placement.audiences.map { audience in
            var paywall: String?
            var experiment: String?
            switch audience.outcome?.value {
            case .paywall(let id): paywall = id
            case .experiment(let id): experiment = id
            case .nothing, nil: break
            }
            return PolicyBundle.Audience(id: audience.id.value, when: audience.when?.text.value, paywall: paywall,
                                         experiment: experiment)
        })
    }

    private static func experiment(_ experiment: Experiment) -> PolicyBundle.Experiment {
        PolicyBundle.Experiment(
            id: experiment.id.value, seed: experiment.effectiveSeed, status: experiment.status.value,
            winner: experiment.winner?.value,
            variants: experiment.variants.map {
                PolicyBundle.Variant(id: $0.id.value, paywall: $0.paywall, weight: UInt32(clamping: $0.weight.value))
            })
    }

    /// The compiled policy of a validated `policy`.
    package static func compile(_ policy: Policy) throws(BundleError) -> CompiledPolicy {
        try CompiledPolicy(bundle(policy))
    }
}
