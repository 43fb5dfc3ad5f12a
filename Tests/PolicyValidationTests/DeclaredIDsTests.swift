@testable import PolicyValidation
import Testing

@Suite("declared ids")
struct DeclaredIDsTests {
    @Test("an id is declared at its own position, at another one, or nowhere")
    func answersByPositionAndElsewhere() {
        var declared = DeclaredIDs(["a", "b", "c"])
        #expect(declared.contains("b", at: 1))
        #expect(declared.contains("c", at: 0))
        #expect(declared.contains("a", at: 7))
        #expect(!declared.contains("d", at: 1))
        #expect(!declared.contains("d", at: 3))
        #expect(declared.contains("a"))
        #expect(!declared.contains(""))
    }

    @Test func nothingIsDeclaredInAnEmptyList() {
        var declared = DeclaredIDs([])
        #expect(!declared.contains("a", at: 0))
        #expect(!declared.contains("a"))
    }
}
