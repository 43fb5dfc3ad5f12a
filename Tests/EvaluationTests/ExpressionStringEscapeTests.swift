import JSON
import Testing
@testable import TollgateEvaluation

/// An audience expression's string literal decodes escapes with the JSON reader's decoder: the same text for
/// every escape JSON reads, a refusal for every one it refuses, each pointing at the escape.
@Suite struct ExpressionStringEscapeTests {
    static let escapes = [
        #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0000"#, #"\u00e9"#, #"\u00E9"#, #"\uFFFF"#,
        #"\ud83d\ude00"#, #"\udbff\udfff"#, #"\q"#, #"\x41"#, #"\u12"#, #"\u12g4"#, #"\u+041"#, #"\u-000"#, #"\ud800"#,
        #"\ud800x"#, #"\udc00"#, #"\ud800\u0041"#, #"\ud800\u00"#,
    ]

    static func lexed(_ literal: String) -> Result<String, ExpressionIssue> {
        var lexer = ExpressionLexer(literal)
        do throws(ExpressionIssue) {
            guard case .string(let text) = try lexer.tokens().first?.kind else { return .success("not a string") }
            return .success(text)
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: escapes)
    func anExpressionReadsTheEscapeAsJSONDoes(_ escape: String) {
        let literal = "\"a\(escape)b\""
        let json = try? JSONValue(reading: Array(literal.utf8)).string
        switch Self.lexed(literal) {
        case .success(let text): #expect(text == json)
        case .failure(let issue):
            #expect(json == nil, "JSON reads \(literal) but the expression refuses it: \(issue.message)")
            #expect(issue.range.lowerBound == 2, "the issue starts at the backslash")
        }
    }

    @Test(arguments: [
        (#""\q""#, 1..<3, #"unknown escape '\q'"#),
        (#""\u12""#, 1..<6, #"'\u' needs four hex digits"#),
        (#""\ud800\u00""#, 1..<12, #"'\u' needs four hex digits"#),
        (#""\ud800""#, 1..<7, #"'\u' escape of a lone surrogate"#),
        (#""\udc00""#, 1..<7, #"'\u' escape of a lone surrogate"#),
        (#""\ud800\u0041""#, 1..<13, #"'\u' escape of a lone surrogate"#),
        (#""\"#, 1..<2, "the string ends inside an escape"),
    ])
    func aBadEscapeIsNamedWhereItIs(_ literal: String, _ range: Range<Int>, _ message: String) {
        guard case .failure(let issue) = Self.lexed(literal) else {
            Issue.record("\(literal) was read")
            return
        }
        #expect(issue.range == range)
        #expect(issue.message == message)
    }
}
