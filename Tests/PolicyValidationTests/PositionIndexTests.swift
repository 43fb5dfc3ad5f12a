@testable import PolicyValidation
import Testing

@Suite("positions by id")
struct PositionIndexTests {
    @Test("each id maps to its first position, as the model's lookups answer")
    func firstPositionWins() {
        let ids = ["a", "b", "a", "c", "b"]
        #expect([String: Int](positionsOf: ids) { $0 } == ["a": 0, "b": 1, "c": 3])
    }

    @Test func emptyHasNoPositions() {
        #expect([String: Int](positionsOf: [String]()) { $0 }.isEmpty)
    }
}
