@testable import PolicyValidation
import Testing
import Diagnostics

/// A template line holding the unknown variable '{prise}', and where the finding must point.
struct PositionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var lines: String
    /// `line:column-line:column` of the variable's name, end exclusive.
    var span: String

    var testDescription: String { name }
}

@Suite("positions inside template messages")
struct TemplateMessagePositionTests {
    static func unknownVariables(_ lines: String) throws -> [String] {
        let app = try ReviewRuleSources.load(ReviewRuleSources.policy(),
                                             templates: ["en.yaml": ReviewRuleSources.template(lines)])
        return TemplateUnknownVariableRule().check(app).map { finding in
            let span = finding.span
            return "\(span.start.line):\(span.start.column)-\(span.end.line):\(span.end.column)"
        }
    }

    /// Every scalar style: the positions follow quotes, escapes, folded lines and block indentation.
    static let cases = [
        PositionCase(name: "plain", lines: "    title: Get {prise} now\n", span: "5:17-5:22"),
        PositionCase(name: "double-quoted", lines: "    title: \"Get {prise} now\"\n", span: "5:18-5:23"),
        PositionCase(name: "single-quoted", lines: "    title: 'Get {prise} now'\n", span: "5:18-5:23"),
        PositionCase(name: "Hangul before", lines: "    title: \"프리미엄 {prise}\"\n", span: "5:19-5:24"),
        PositionCase(name: "escaped quotes", lines: "    title: \"Get \\\"it\\\" {prise}\"\n", span: "5:25-5:30"),
        PositionCase(name: "unicode escape", lines: "    title: \"Caf\\u00e9 {prise}\"\n", span: "5:24-5:29"),
        PositionCase(name: "doubled apostrophe", lines: "    title: 'it''s {prise}'\n", span: "5:20-5:25"),
        PositionCase(name: "folded double-quoted line", lines: "    title: \"Get it\n      {prise}\"\n",
                     span: "6:8-6:13"),
        PositionCase(name: "escaped line break", lines: "    title: \"Get it \\\n      now {prise}\"\n",
                     span: "6:12-6:17"),
        PositionCase(name: "plain over two lines", lines: "    title: Get it\n\n      now {prise}\n",
                     span: "7:12-7:17"),
        PositionCase(name: "literal block", lines: "    title: |\n      Get it\n        {prise}\n", span: "7:10-7:15"),
        PositionCase(name: "folded block", lines: "    title: >-\n      Get it\n      now {prise}\n", span: "7:12-7:17"),
        PositionCase(name: "block before the next key",
                     lines: "    title: |\n      {prise}\n    subtitle: x\n", span: "6:8-6:13"),
    ]

    @Test(arguments: cases)
    func pointsAtTheVariable(_ example: PositionCase) throws {
        #expect(try Self.unknownVariables(example.lines) == [example.span])
    }

    @Test("a block with an explicit indentation, whose source is not read back, points at the message")
    func fallsBackToTheMessage() throws {
        #expect(try Self.unknownVariables("    title: |2\n        {prise}\n") == ["5:12-7:1"])
    }

    @Test("a missing '}' points at the brace that nothing closes")
    func unclosedBrace() throws {
        let app = try ReviewRuleSources.load(
            ReviewRuleSources.policy(),
            templates: ["en.yaml": ReviewRuleSources.template("    title: \"Get {price\"\n")])
        #expect(TemplateMessageSyntaxRule().check(app).map(\.lineColumnMessage) == [
            "5:17: 'title' of paywall 'main' is not valid MessageFormat: argument 'price' has no closing '}'",
        ])
    }

    @Test("a duplicate case names where the first one is")
    func duplicateCase() throws {
        let app = try ReviewRuleSources.load(
            ReviewRuleSources.policy(),
            templates: ["en.yaml": ReviewRuleSources.template(
                "    title: \"{period_count, plural, one {a} one {b} other {c}}\"\n")])
        let finding = try #require(TemplateMessageSyntaxRule().check(app).first)
        #expect(finding.lineColumnMessage
            == "5:44: 'title' of paywall 'main' is not valid MessageFormat: duplicate plural case 'one'")
        #expect(finding.related.map { "\($0.span.start.line):\($0.span.start.column) \($0.message)" }
            == ["5:36 'one' first used here"])
    }
}
