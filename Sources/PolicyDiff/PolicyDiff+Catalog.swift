import PolicyModel
import TollgateEvaluation

extension Pair {
    func products() -> [PolicyChange] {
        productIDs.compactMap { id in
            switch (old.product(id), new.product(id)) {
            case (nil, let added?):
                PolicyChange(.products, .added, id, "\(added.type.value.rawValue), grants \(added.grants.map(\.value).listed)")
            case (let removed?, nil):
                PolicyChange(.products, .removed, id,
                             "\(removed.type.value.rawValue), granted \(removed.grants.map(\.value).listed); "
                                 + "buyers keep receipts, but the policy no longer knows the product")
            case (let before?, let after?):
                changed(before, after)
            case (nil, nil):
                nil
            }
        }
    }

    private func changed(_ before: Product, _ after: Product) -> PolicyChange? {
        var parts: [String] = []
        func compare(_ name: String, _ a: String?, _ b: String?) {
            if a != b { parts.append("\(name) \(a ?? "none") → \(b ?? "none")") }
        }
        compare("type", before.type.value.rawValue, after.type.value.rawValue)
        compare("grants", before.grants.map(\.value).listed, after.grants.map(\.value).listed)
        compare("group", before.group?.value, after.group?.value)
        compare("period", before.period?.value, after.period?.value)
        compare("intro offer", before.introOffer.map(describe), after.introOffer.map(describe))
        let prices = { (product: Product) in
            product.referencePrices.map { "\($0.currency.value) \($0.amount.value)" }.listed
        }
        compare("reference prices", prices(before), prices(after))
        guard !parts.isEmpty else { return nil }
        let unlockedBefore = features(unlockedBy: before, in: old)
        let unlockedAfter = features(unlockedBy: after, in: new)
        let gained = unlockedAfter.filter { !unlockedBefore.contains($0) }
        let lost = unlockedBefore.filter { !unlockedAfter.contains($0) }
        if !gained.isEmpty { parts.append("its buyers gain \(gained.listed)") }
        if !lost.isEmpty { parts.append("its buyers lose \(lost.listed)") }
        return PolicyChange(.products, .changed, before.id.value, parts.joined(separator: "; "))
    }

    private func features(unlockedBy product: Product, in policy: Policy) -> [String] {
        let tiers = policy.closure(of: product.grants.map(\.value))
        let free = policy.closure(of: [String]())
        return policy.features.filter { tiers.contains($0.tier.value) && !free.contains($0.tier.value) }.map(\.id.value)
    }

    private func describe(_ offer: IntroOffer) -> String {
        [offer.type.value.rawValue, offer.period?.value, offer.periods.map { "× \($0.value)" }].compactMap { $0 }
            .joined(separator: " ")
    }

    func tiers() -> [PolicyChange] {
        let ids = old.tiers.map(\.id.value) + new.tiers.map(\.id.value).filter { old.tier($0) == nil }
        return ids.compactMap { id in
            switch (old.tier(id), new.tier(id)) {
            case (nil, let added?):
                return PolicyChange(.tiers, .added, id, "includes \(added.includes.map(\.value).listed)"
                                    + (added.adFree ? ", ad-free" : ""))
            case (_?, nil):
                return PolicyChange(.tiers, .removed, id, "held by \(holders(of: id, in: .old).sorted().listed)",
                                    lostBy: movement(had: holders(of: id, in: .old), has: []).lost)
            case (let before?, let after?):
                var parts: [String] = []
                if before.includes != after.includes {
                    parts.append("includes \(before.includes.map(\.value).listed) → \(after.includes.map(\.value).listed)")
                }
                if before.adFree != after.adFree { parts.append(after.adFree ? "now ad-free" : "no longer ad-free") }
                let moved = movement(had: holders(of: id, in: .old), has: holders(of: id, in: .new))
                if parts.isEmpty, moved.gained.isEmpty, moved.lost.isEmpty { return nil }
                if parts.isEmpty { parts.append("held by other products") }
                return PolicyChange(.tiers, .changed, id, parts.joined(separator: "; "), gainedBy: moved.gained,
                                    lostBy: moved.lost)
            case (nil, nil):
                return nil
            }
        }
    }

    func features() -> [PolicyChange] {
        let oldIDs = old.features.map(\.id.value)
        let known = Set(oldIDs)
        let ids = oldIDs + new.features.map(\.id.value).filter { !known.contains($0) }
        // Who gains and who loses depends only on the tiers before and after: worked out once per pair of tiers.
        var movements: [[String?]: (gained: [String], lost: [String])] = [:]
        return ids.compactMap { id in
            let before = oldFeatures[id]
            let after = newFeatures[id]
            let tiers = [before?.tier.value, after?.tier.value]
            let moved = movements[tiers] ?? movement(had: tiers[0].map { holders(of: $0, in: .old) } ?? [],
                                                     has: tiers[1].map { holders(of: $0, in: .new) } ?? [])
            movements[tiers] = moved
            switch (before, after) {
            case (nil, let added?):
                return PolicyChange(.features, .added, id, "in tier \(added.tier.value)" + everyone(added.tier.value, new),
                                    gainedBy: moved.gained)
            case (let removed?, nil):
                return PolicyChange(.features, .removed, id, "was in tier \(removed.tier.value)", lostBy: moved.lost)
            case (let before?, let after?):
                guard before.tier.value != after.tier.value || !moved.gained.isEmpty || !moved.lost.isEmpty else {
                    return nil
                }
                let summary = before.tier.value == after.tier.value
                    ? "still in tier \(after.tier.value), held by other products"
                    : "moves from tier \(before.tier.value) to \(after.tier.value)" + everyone(after.tier.value, new)
                return PolicyChange(.features, .changed, id, summary, gainedBy: moved.gained, lostBy: moved.lost)
            case (nil, nil):
                return nil
            }
        }
    }

    private func everyone(_ tier: String, _ policy: Policy) -> String {
        isFree(tier, in: policy) ? " (free: every user has it)" : ""
    }
}
