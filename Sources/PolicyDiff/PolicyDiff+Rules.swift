import PolicyModel
import TollgateEvaluation

extension Pair {
    func ads() -> [PolicyChange] {
        var changes: [PolicyChange] = []
        if old.ads.hideUntilSynced.value != new.ads.hideUntilSynced.value {
            changes.append(PolicyChange(.ads, .changed, "hide_until_synced",
                                        "\(old.ads.hideUntilSynced.value) → \(new.ads.hideUntilSynced.value)"
                                            + (new.ads.hideUntilSynced.value ? "" : ": ads may show while the store loads")))
        }
        if old.ads.requireConsent.value != new.ads.requireConsent.value {
            changes.append(PolicyChange(.ads, .changed, "require_consent",
                                        "\(old.ads.requireConsent.value) → \(new.ads.requireConsent.value)"))
        }
        let oldIDs = old.ads.placements.map(\.id.value)
        for id in oldIDs + new.ads.placements.map(\.id.value).filter({ !oldIDs.contains($0) }) {
            let before = old.ads.placements.first { $0.id.value == id }
            let after = new.ads.placements.first { $0.id.value == id }
            switch (before, after) {
            case (nil, let added?): changes.append(PolicyChange(.ads, .added, id, describe(added)))
            case (let removed?, nil): changes.append(PolicyChange(.ads, .removed, id, describe(removed)))
            case (let before?, let after?) where describe(before) != describe(after):
                changes.append(PolicyChange(.ads, .changed, id, "\(describe(before)) → \(describe(after))"))
            default: break
            }
        }
        let adFree = { (policy: Policy) in
            Set(policy.products.filter { product in
                policy.closure(of: product.grants.map(\.value)).contains { policy.tier($0)?.adFree == true }
            }.map(\.id.value))
        }
        let moved = movement(had: adFree(old), has: adFree(new))
        if !moved.gained.isEmpty || !moved.lost.isEmpty {
            changes.append(PolicyChange(.ads, .changed, "ad-free", "which purchases remove ads",
                                        gainedBy: moved.gained, lostBy: moved.lost))
        }
        return changes
    }

    private func describe(_ placement: AdPlacement) -> String {
        placement.format.value.rawValue + (placement.minInterval.map { ", at most every \($0.value)" } ?? "")
    }

    func entitlements() -> [PolicyChange] {
        var changes = EntitlementState.allCases.compactMap { state -> PolicyChange? in
            let before = old.entitlements.states[state]?.value.rawValue
            let after = new.entitlements.states[state]?.value.rawValue
            guard before != after else { return nil }
            return PolicyChange(.entitlements, .changed, state.rawValue, "\(before ?? "default") → \(after ?? "default")")
        }
        if old.entitlements.unknown.value != new.entitlements.unknown.value {
            changes.append(PolicyChange(.entitlements, .changed, "unknown",
                                        "\(old.entitlements.unknown.value.rawValue) → \(new.entitlements.unknown.value.rawValue)"))
        }
        return changes
    }

    func paywalls() -> [PolicyChange] {
        let oldIDs = old.paywalls.map(\.id.value)
        return (oldIDs + new.paywalls.map(\.id.value).filter { !oldIDs.contains($0) }).compactMap { id in
            let before = old.paywalls.first { $0.id.value == id }
            let after = new.paywalls.first { $0.id.value == id }
            let show = { (paywall: Paywall) in
                paywall.products.map(\.value).listed + (paywall.highlight.map { "; highlight \($0.value)" } ?? "")
            }
            switch (before, after) {
            case (nil, let added?): return PolicyChange(.paywalls, .added, id, show(added))
            case (let removed?, nil): return PolicyChange(.paywalls, .removed, id, show(removed))
            case (let before?, let after?) where show(before) != show(after):
                return PolicyChange(.paywalls, .changed, id, "\(show(before)) → \(show(after))")
            default: return nil
            }
        }
    }
}

extension PolicyDiff {
    /// Template messages added, removed or reworded, per locale.
    static func templates(_ old: [TemplateSet], _ new: [TemplateSet]) -> [PolicyChange] {
        let locales = old.map(\.locale.value) + new.map(\.locale.value).filter { locale in
            !old.contains { $0.locale.value == locale }
        }
        return locales.flatMap { locale -> [PolicyChange] in
            let sides = (old.first { $0.locale.value == locale }, new.first { $0.locale.value == locale })
            // A file both versions hold unchanged loads once (see `Project.load`): one value, compared at once.
            if let before = sides.0, let after = sides.1, before == after { return [] }
            let messages = { (sets: [TemplateSet]) -> [(String, String)] in
                sets.first { $0.locale.value == locale }?.messageSites.map {
                    ("\(locale): \($0.place)", $0.message.text.value)
                } ?? []
            }
            let before = messages(old)
            let after = messages(new)
            let beforeByPlace = Dictionary(before) { first, _ in first }
            let afterByPlace = Dictionary(after) { first, _ in first }
            let places = before.map(\.0) + after.map(\.0).filter { beforeByPlace[$0] == nil }
            return places.compactMap { place in
                switch (beforeByPlace[place], afterByPlace[place]) {
                case (nil, let text?): PolicyChange(.templates, .added, place, "\"\(text)\"")
                case (let text?, nil): PolicyChange(.templates, .removed, place, "\"\(text)\"")
                case (let a?, let b?) where a != b: PolicyChange(.templates, .changed, place, "\"\(a)\" → \"\(b)\"")
                default: nil
                }
            }
        }
    }
}
