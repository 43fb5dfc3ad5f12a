import Diagnostics
import Testing

/// A one-line source, a span on it, and the caret line expected under it.
struct CaretCase: Sendable, CustomTestStringConvertible {
    var name: String
    var line: String
    var start: Int
    var end: Int
    var caret: String

    var testDescription: String { name }
}

@Suite("Text format")
struct TextFormatTests {
    static let carets = [
        CaretCase(name: "ascii", line: "tier: premum", start: 7, end: 13, caret: "      ^^^^^^"),
        CaretCase(name: "empty span", line: "tier: premum", start: 7, end: 7, caret: "      ^"),
        CaretCase(name: "end of line", line: "tier:", start: 6, end: 7, caret: "     ^"),
        CaretCase(name: "after Hangul", line: "가격: {price}", start: 5, end: 12, caret: "      ^^^^^^^"),
        CaretCase(name: "over Hangul", line: "t: 가격", start: 4, end: 6, caret: "   ^^^^"),
        CaretCase(name: "after a combining mark", line: "cafe\u{301}: x", start: 8, end: 9, caret: "      ^"),
        CaretCase(name: "after a tab", line: "\tx", start: 2, end: 3, caret: " ^"),
    ]

    @Test(arguments: carets)
    func caretSitsUnderTheSpan(_ example: CaretCase) throws {
        let format = TextFormat(sources: ["f.yaml": SourceFile(path: "f.yaml", text: example.line)])
        let diagnostic = Diagnostic(
            rule: "r", severity: .error, message: "m",
            span: SourceSpan(
                file: "f.yaml", start: SourcePosition(line: 1, column: example.start),
                end: SourcePosition(line: 1, column: example.end)))
        let lines = format.render([diagnostic]).split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 5)
        #expect(lines[3] == "   | " + example.caret)
    }
}
