import MessageFormat
import Testing

/// A message that does not parse, and the error it must give.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var text: String
    var message: String
    var offset: Int
    var help: String?

    init(_ text: String, _ message: String, at offset: Int, help: String? = nil) {
        self.text = text
        self.message = message
        self.offset = offset
        self.help = help
    }

    var testDescription: String { "\(message): \(text)" }
}

@Suite("MessageParser: syntax errors")
struct MessageSyntaxErrorTests {
    static let braceCases: [ErrorCase] = [
        ErrorCase("Hello {name", "unclosed '{' opened at character 7", at: 11),
        ErrorCase("{", "unclosed '{' opened at character 1", at: 1),
        ErrorCase("{n, number, {x}", "unclosed '{' opened at character 1", at: 15),
        ErrorCase("{n, plural, one {x}", "unclosed '{' opened at character 1", at: 19),
        ErrorCase("{n, plural, one {x", "unclosed '{' opened at character 17", at: 18),
        ErrorCase("{n, plural, other {'{}}", "unclosed '{' opened at character 19", at: 23),
        ErrorCase("a}b", "unmatched '}'", at: 1, help: "write a literal brace in apostrophes: '}'"),
        ErrorCase("{n}}", "unmatched '}'", at: 3, help: "write a literal brace in apostrophes: '}'"),
    ]

    static let argumentCases: [ErrorCase] = [
        ErrorCase("{}", "empty argument name", at: 1),
        ErrorCase("{ , number}", "empty argument name", at: 2),
        ErrorCase("{user name}", "expected ',' or '}' after argument name", at: 6),
        ErrorCase("{price$}", "invalid character '$' in argument name", at: 6),
        ErrorCase("{$price}", "invalid character '$' in argument name", at: 1),
        ErrorCase("{{n}}", "invalid character '{' in argument name", at: 1),
        ErrorCase("{n\u{7}}", "invalid character U+0007 in argument name", at: 2),
        ErrorCase("{n,}", "expected an argument type after ','", at: 3),
        ErrorCase(
            "{n, nmber}", "unknown argument type 'nmber'", at: 4, help: "did you mean 'number'?"),
        ErrorCase(
            "{n, widget}", "unknown argument type 'widget'", at: 4,
            help: "expected one of number, date, time, spellout, ordinal, duration, plural, select, selectordinal"),
        ErrorCase("{n, choice, 0#none|1#one}", "argument type 'choice' is deprecated; use 'plural'", at: 4),
        ErrorCase("{n, number x}", "expected ',' or '}' after argument type", at: 11),
        ErrorCase("{n, number!}", "invalid character '!' in argument type", at: 10),
        ErrorCase("{n, number, 'abc}", "unterminated quote in argument style", at: 12),
    ]

    static let caseErrors: [ErrorCase] = [
        ErrorCase(
            "{n, plural}", "expected ',' and cases after 'plural'", at: 10, help: "write '{n, plural, other {…}}'"),
        ErrorCase(
            "{n, plural, one {x}}", "plural argument 'n' has no 'other' case", at: 0,
            help: "add 'other {…}': it is used when no other case matches"),
        ErrorCase(
            "a {n, plural, offset:1}", "plural argument 'n' has no 'other' case", at: 2,
            help: "add 'other {…}': it is used when no other case matches"),
        ErrorCase(
            "{n, selectordinal, one {x}}", "selectordinal argument 'n' has no 'other' case", at: 0,
            help: "add 'other {…}': it is used when no other case matches"),
        ErrorCase(
            "{g, select, male {x}}", "select argument 'g' has no 'other' case", at: 0,
            help: "add 'other {…}': it is used when no other case matches"),
        ErrorCase(
            "{n, plural, foo {x} other {y}}", "invalid plural selector 'foo'", at: 12,
            help: "a selector is '=N' or one of zero, one, two, few, many, other"),
        ErrorCase("{n, plural, ohter {y}}", "invalid plural selector 'ohter'", at: 12, help: "did you mean 'other'?"),
        ErrorCase("{n, plural, One {y}}", "invalid plural selector 'One'", at: 12, help: "did you mean 'one'?"),
        ErrorCase(
            "{n, selectordinal, fourth {y} other {z}}", "invalid selectordinal selector 'fourth'", at: 19,
            help: "a selector is '=N' or one of zero, one, two, few, many, other"),
        ErrorCase(
            "{n, plural, =abc {x} other {y}}", "invalid plural selector '=abc'", at: 12,
            help: "an exact selector is '=' and a decimal number, like '=0' or '=1.5'"),
        ErrorCase(
            "{n, plural, =1. {x} other {y}}", "invalid plural selector '=1.'", at: 12,
            help: "an exact selector is '=' and a decimal number, like '=0' or '=1.5'"),
        ErrorCase(
            "{n, plural, = 1 {x} other {y}}", "expected a number right after '='", at: 13,
            help: "an exact selector is written without spaces, like '=0'"),
        ErrorCase(
            "{n, plural, {x} other {y}}", "expected a plural selector", at: 12,
            help: "a selector is '=N' or one of zero, one, two, few, many, other"),
        ErrorCase(
            "{n, plural, one {a} one {b} other {c}}", "duplicate plural case 'one'", at: 20,
            help: "the first one is at character 13"),
        ErrorCase(
            "{n, plural, =1 {a} =1.0 {b} other {c}}", "duplicate plural case '=1.0'", at: 19,
            help: "the first one is at character 13"),
        ErrorCase(
            "{g, select, a {x} a {y} other {z}}", "duplicate select case 'a'", at: 18,
            help: "the first one is at character 13"),
        ErrorCase(
            "{g, select, {x} other {y}}", "expected a select case key", at: 12,
            help: "a key is a word of letters, digits, '_', '-' or '.', like 'female' or 'other'"),
        ErrorCase("{n, plural, one x other {y}}", "expected '{' after plural case 'one'", at: 16),
        ErrorCase("{g, select, offset:1 other {y}}", "expected '{' after select case 'offset'", at: 18),
    ]

    static let offsetCases: [ErrorCase] = [
        ErrorCase("{n, plural, offset:-1 other {#}}", "offset must be a non-negative integer", at: 19),
        ErrorCase("{n, plural, offset:1.5 other {#}}", "offset must be a non-negative integer", at: 19),
        ErrorCase("{n, plural, offset:+1 other {#}}", "offset must be a non-negative integer", at: 19),
        ErrorCase("{n, plural, offset: other {#}}", "offset must be a non-negative integer", at: 20),
        ErrorCase(
            "{n, plural, offset:99999999999999999999 other {#}}", "offset must be a non-negative integer", at: 19),
        ErrorCase("{n, plural, one {x} offset:1 other {y}}", "'offset:' must come before the first plural case", at: 20),
        ErrorCase("{n, plural, offset:1 offset:2 other {y}}", "duplicate 'offset:'", at: 21),
    ]

    @Test(arguments: braceCases)
    func braces(_ testCase: ErrorCase) {
        expectError(testCase)
    }

    @Test(arguments: argumentCases)
    func arguments(_ testCase: ErrorCase) {
        expectError(testCase)
    }

    @Test(arguments: caseErrors)
    func pluralAndSelectCases(_ testCase: ErrorCase) {
        expectError(testCase)
    }

    @Test(arguments: offsetCases)
    func offsets(_ testCase: ErrorCase) {
        expectError(testCase)
    }

    @Test("the description shows a 1-based position and the help")
    func description() {
        let error = MessageSyntaxError(message: "unknown argument type 'nmber'", offset: 4, help: "did you mean 'number'?")
        #expect(error.description == "character 5: unknown argument type 'nmber' (help: did you mean 'number'?)")
    }

    private func expectError(_ testCase: ErrorCase, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = MessageSyntaxError(message: testCase.message, offset: testCase.offset, help: testCase.help)
        #expect(throws: expected, sourceLocation: sourceLocation) {
            try MessageParser.parse(testCase.text)
        }
    }
}
