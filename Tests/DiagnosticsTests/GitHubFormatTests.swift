import Diagnostics
import Testing

/// A character that workflow commands escape, and its escapes in a message and in a property.
struct EscapeCase: Sendable, CustomTestStringConvertible {
    var character: String
    var inMessage: String
    var inProperty: String

    var testDescription: String { character.debugDescription }
}

@Suite("GitHub workflow commands")
struct GitHubFormatTests {
    static let escapes = [
        EscapeCase(character: "%", inMessage: "%25", inProperty: "%25"),
        EscapeCase(character: "\r", inMessage: "%0D", inProperty: "%0D"),
        EscapeCase(character: "\n", inMessage: "%0A", inProperty: "%0A"),
        EscapeCase(character: "\r\n", inMessage: "%0D%0A", inProperty: "%0D%0A"),
        EscapeCase(character: ":", inMessage: ":", inProperty: "%3A"),
        EscapeCase(character: ",", inMessage: ",", inProperty: "%2C"),
        EscapeCase(character: "%0A", inMessage: "%250A", inProperty: "%250A"),
        EscapeCase(character: "가격", inMessage: "가격", inProperty: "가격"),
    ]

    static func render(_ diagnostics: [Diagnostic]) -> String {
        let app = AppReport(app: "a", file: "Policies/a.yaml", diagnostics: diagnostics, checklist: [])
        return GitHubFormat().render(ValidationReport(apps: [app], rules: [], toolVersion: "1"))
    }

    static func finding(
        _ severity: Severity = .error, file: String = "Policies/a.yaml", line: Int = 1, message: String = "m"
    ) -> Diagnostic {
        Diagnostic(
            rule: "r", severity: severity, message: message,
            span: SourceSpan(
                file: file, start: SourcePosition(line: line, column: 3), end: SourcePosition(line: line, column: 7)))
    }

    @Test(arguments: escapes)
    func escapesMessagesAndProperties(_ escape: EscapeCase) {
        let output = Self.render([Self.finding(file: "a\(escape.character)b.yaml", message: "x\(escape.character)y")])
        #expect(output == "::error file=a\(escape.inProperty)b.yaml,line=1,col=3,endLine=1,endColumn=7,title=r::"
            + "x\(escape.inMessage)y\n")
    }

    @Test func escapesTheTitle() {
        var finding = Self.finding()
        finding.rule = "a:b,c"
        #expect(Self.render([finding]).contains(",title=a%3Ab%2Cc::"))
    }

    @Test func writesOneLinePerFindingWorstFirst() {
        let output = GitHubFormat().render(ReportFixture.report)
        let lines = output.split(separator: "\n")
        #expect(lines.count == ReportFixture.report.diagnostics.count)
        #expect(lines.map { $0.prefix { $0 != " " } } == ["::error", "::error", "::error", "::warning", "::notice"])
    }

    @Test func keepsSourceOrderWithinASeverity() {
        let output = Self.render([
            Self.finding(.note, line: 1), Self.finding(.error, line: 9), Self.finding(.error, line: 2),
            Self.finding(.warning, file: "Policies/0.yaml", line: 5),
        ])
        #expect(output.split(separator: "\n").map { $0.split(separator: ",")[0...1].joined(separator: ",") } == [
            "::error file=Policies/a.yaml,line=2", "::error file=Policies/a.yaml,line=9",
            "::warning file=Policies/0.yaml,line=5", "::notice file=Policies/a.yaml,line=1",
        ])
    }

    @Test func leavesOutColumnsOfASpanOverSeveralLines() {
        var finding = Self.finding()
        finding.span.end = SourcePosition(line: 4, column: 2)
        #expect(Self.render([finding]) == "::error file=Policies/a.yaml,line=1,endLine=4,title=r::m\n")
    }

    @Test func appendsRelatedPlacesAndHelp() {
        var finding = Self.finding()
        finding.related = [Diagnostic.Related(span: .wholeFile("Policies/b.yaml"), message: "first here")]
        finding.help = "fix it"
        #expect(Self.render([finding]).hasSuffix("::m%0Anote: first here at Policies/b.yaml:1:1%0Ahelp: fix it\n"))
    }
}
