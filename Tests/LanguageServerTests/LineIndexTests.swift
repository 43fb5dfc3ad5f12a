import Diagnostics
import LanguageServer
import Testing

/// The validator counts columns in Unicode scalars from 1; LSP counts UTF-16 code units from 0.
@Suite struct LineIndexTests {
    static let text = "id: a\nname: 한국어 🎉 x\r\nar: \"مرحبا\"\n"

    @Test(arguments: [
        (1, 1, 0, 0), (1, 5, 0, 4),
        (2, 7, 1, 6), (2, 10, 1, 9), (2, 11, 1, 10), (2, 12, 1, 12), (2, 13, 1, 13),
        (3, 6, 2, 5), (3, 11, 2, 10),
    ])
    func convertsBothWays(_ line: Int, _ column: Int, _ lspLine: Int, _ character: Int) {
        let index = LineIndex(Self.text)
        let source = SourcePosition(line: line, column: column)
        let lsp = LSPPosition(line: lspLine, character: character)
        #expect(index.lspPosition(source) == lsp)
        #expect(index.sourcePosition(lsp) == source)
    }

    @Test func positionsPastTheEndAreClamped() {
        let index = LineIndex(Self.text)
        #expect(index.lineCount == 4)
        #expect(index.lspPosition(SourcePosition(line: 9, column: 1)) == LSPPosition(line: 3, character: 0))
        #expect(index.sourcePosition(LSPPosition(line: 0, character: 99)) == SourcePosition(line: 1, column: 6))
        #expect(index.sourcePosition(LSPPosition(line: 1, character: 14)) == SourcePosition(line: 2, column: 14))
    }

    @Test func aColumnInsideASurrogatePairIsTheScalarItStarts() {
        let index = LineIndex("🎉x")
        #expect(index.sourcePosition(LSPPosition(line: 0, character: 1)) == SourcePosition(line: 1, column: 1))
        #expect(index.sourcePosition(LSPPosition(line: 0, character: 2)) == SourcePosition(line: 1, column: 2))
    }
}
