@testable import PolicyValidation
import Testing
import Diagnostics

@Suite("positions inside template messages")
struct TemplateMessagePositionTests {
    static func unknownVariables(_ lines: String) throws -> [String] {
        let app = try ReviewRuleSources.load(ReviewRuleSources.policy(),
                                             templates: ["en.yaml": ReviewRuleSources.template(lines)])
        return TemplateUnknownVariableRule().check(app).map { "\($0.span.start.line):\($0.span.start.column)" }
    }

    @Test("a plain one-line message points at the variable")
    func plain() throws {
        #expect(try Self.unknownVariables("    title: Get {prise} now\n") == ["5:17"])
    }

    @Test("a quoted one-line message counts the opening quote")
    func quoted() throws {
        #expect(try Self.unknownVariables("    title: \"Get {prise} now\"\n") == ["5:18"])
        #expect(try Self.unknownVariables("    title: 'Get {prise} now'\n") == ["5:18"])
    }

    @Test("non-ASCII text before the variable counts one column per scalar")
    func scalars() throws {
        #expect(try Self.unknownVariables("    title: \"프리미엄 {prise}\"\n") == ["5:19"])
    }

    @Test("escapes, folded lines and block scalars point at the message")
    func fallsBackToTheMessage() throws {
        #expect(try Self.unknownVariables("    title: \"Get \\\"it\\\" {prise}\"\n") == ["5:12"])
        #expect(try Self.unknownVariables("    title: 'it''s {prise}'\n") == ["5:12"])
        #expect(try Self.unknownVariables("    title: \"Get it\n      {prise}\"\n") == ["5:12"])
        #expect(try Self.unknownVariables("    title: |\n      {prise}\n") == ["5:12"])
    }

    @Test("a syntax error at the end of a quoted message points at the closing quote")
    func syntaxErrorAtEnd() throws {
        let app = try ReviewRuleSources.load(
            ReviewRuleSources.policy(),
            templates: ["en.yaml": ReviewRuleSources.template("    title: \"Get {price\"\n")])
        #expect(TemplateMessageSyntaxRule().check(app).map(\.lineColumnMessage) == [
            "5:23: 'title' of paywall 'main' is not valid MessageFormat: unclosed '{' opened at character 5 "
                + "(character 11)",
        ])
    }
}
