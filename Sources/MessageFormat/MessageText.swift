/// Literal text of a message, with where each of its characters was written in the message.
package struct MessageText: Sendable, Hashable {
    /// The text with quoting resolved (`''` → `'`, `'{x}'` → `{x}`).
    package var value: String
    /// The message offset of each of the text's scalars; nil when they are consecutive from `start`.
    private var offsets: [Int]?
    /// The message offset of the first scalar.
    private var start: Int

    /// Text whose scalars were written at `offsets` of the message, one per scalar of `value`.
    package init(_ value: String, offsets: [Int]) {
        self.value = value
        start = offsets.first ?? 0
        let consecutive = offsets.enumerated().allSatisfy { $1 == start + $0 }
        self.offsets = consecutive ? nil : offsets
    }

    /// Text written unquoted from message offset `start`.
    package init(_ value: String, at start: Int) {
        self.value = value
        self.start = start
        offsets = nil
    }

    /// The message range from the first to past the last of the text's scalars `range`.
    package func messageRange(of range: Range<Int>) -> Range<Int> {
        guard let offsets, !offsets.isEmpty else { return (start + range.lowerBound)..<(start + range.upperBound) }
        let lower = offsets[min(range.lowerBound, offsets.count - 1)]
        guard range.upperBound > range.lowerBound else { return lower..<lower }
        return lower..<(offsets[min(range.upperBound, offsets.count) - 1] + 1)
    }
}
