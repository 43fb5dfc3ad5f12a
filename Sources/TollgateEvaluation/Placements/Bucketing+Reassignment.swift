extension Bucketing {
    /// The share of users (0 to 1) whose variant changes when an experiment's variants, weights or seed change
    /// from `old` to `new`; a user keeps a variant that has the same id in both.
    ///
    /// With the same seed a user keeps their hash, so the share is exact: the hashes each variant owns are
    /// ranges, and what moves is what the ranges of the same id do not share. A new seed draws every hash
    /// anew, so the share is the expected one, 1 − Σ old share × new share over the variants in both.
    public static func movedShare(from old: PolicyBundle.Experiment, to new: PolicyBundle.Experiment) -> Double {
        let oldRanges = hashRanges(weights: old.variants.map(\.weight))
        let newRanges = hashRanges(weights: new.variants.map(\.weight))
        let newIndex = Dictionary(new.variants.enumerated().map { ($1.id, $0) }) { first, _ in first }
        let space = Double(UInt64(1) << 32)
        var kept = 0.0
        for (index, variant) in old.variants.enumerated() {
            guard let other = newIndex[variant.id] else { continue }
            let (was, now) = (oldRanges[index], newRanges[other])
            if old.seed == new.seed {
                kept += Double(was.clamped(to: now).count)
            } else {
                kept += Double(was.count) * Double(now.count) / space
            }
        }
        return max(0, 1 - kept / space)
    }

    /// The hashes each variant owns: `h` lands in variant `i` when `(h × total) >> 32` falls in its buckets
    /// `[start, end)`, that is when `h` is in `[⌈start·2³²/total⌉, ⌈end·2³²/total⌉)`.
    static func hashRanges(weights: [UInt32]) -> [Range<UInt64>] {
        let total = weights.reduce(UInt64(0)) { $0 + UInt64($1) }
        guard total > 0, total <= maximumTotalWeight else { return weights.map { _ in 0..<0 } }
        func firstHash(ofBucket bucket: UInt64) -> UInt64 {
            let scaled = bucket << 32
            return scaled / total + (scaled % total == 0 ? 0 : 1)
        }
        var start: UInt64 = 0
        return weights.map { weight in
            let end = start + UInt64(weight)
            defer { start = end }
            return firstHash(ofBucket: start)..<firstHash(ofBucket: end)
        }
    }
}
