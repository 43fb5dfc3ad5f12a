extension Policy {
    /// The tiers `ids` unlock: themselves, everything they include (transitively) and `free`.
    /// Include cycles are tolerated here; validation reports them.
    package func closure(of ids: some Sequence<String>) -> Set<String> {
        var result: Set<String> = [Policy.freeTier]
        var pending = Array(ids)
        while let id = pending.popLast() {
            guard result.insert(id).inserted || id == Policy.freeTier else { continue }
            pending += tier(id)?.includes.map(\.value) ?? []
        }
        return result
    }

    /// Whether holding `tier` unlocks `feature`.
    package func unlocks(tier: String, feature: Feature) -> Bool {
        closure(of: [tier]).contains(feature.tier.value)
    }
}
