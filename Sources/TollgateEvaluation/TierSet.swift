/// A set of tiers as bits, for up to 256 tiers: combining and testing never allocate.
public struct TierSet: Hashable, Sendable {
    /// The most tiers a policy may have.
    public static let capacity = 256

    private var words: SIMD4<UInt64>

    /// The empty set.
    public init() {
        words = .zero
    }

    init(_ positions: some Sequence<Int>) {
        self.init()
        for position in positions { insert(position) }
    }

    mutating func insert(_ position: Int) {
        words[position >> 6] |= 1 << UInt64(position & 63)
    }

    /// Whether the tier at `position` is in the set.
    public func contains(_ position: Int) -> Bool {
        words[position >> 6] & (1 << UInt64(position & 63)) != 0
    }

    /// The tiers in either set.
    public func union(_ other: TierSet) -> TierSet {
        var result = self
        result.words |= other.words
        return result
    }

    mutating func formUnion(_ other: TierSet) {
        words |= other.words
    }

    /// Whether the sets share a tier.
    public func intersects(_ other: TierSet) -> Bool {
        (words & other.words) != .zero
    }

    /// Whether every tier of `other` is in this set.
    public func isSuperset(of other: TierSet) -> Bool {
        (words & other.words) == other.words
    }

    /// The positions in the set, in order.
    var positions: [Int] {
        (0..<Self.capacity).filter(contains)
    }
}
