@testable import PolicyValidation
import Testing

@Suite("declared ids")
struct DeclaredIDsTests {
    @Test("an id is declared at its own position, at another one, or nowhere")
    func answersByPositionAndElsewhere() {
        var declared = DeclaredIDs(["a", "b", "c"])
        let answers = [
            declared.contains("b", at: 1), declared.contains("c", at: 0), declared.contains("a", at: 7),
            declared.contains("d", at: 1), declared.contains("d", at: 3), declared.contains("a"),
            declared.contains(""),
        ]
        #expect(answers == [true, true, true, false, false, true, false])
    }

    @Test func nothingIsDeclaredInAnEmptyList() {
        var declared = DeclaredIDs([])
        let answers = [declared.contains("a", at: 0), declared.contains("a")]
        #expect(answers == [false, false])
    }
}
