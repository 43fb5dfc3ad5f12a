import MessageFormat
import Testing

/// A message that does not parse, and the error it must give: its range, message and help.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var text: String
    /// The error's description: `scalars 12..<15: message (help: …)`.
    var expected: String

    init(_ text: String, _ expected: String) {
        self.text = text
        self.expected = expected
    }

    var testDescription: String { "\(expected): \(text)" }
}

@Suite("MessageParser: syntax errors")
struct MessageSyntaxErrorTests {
    static let braceCases: [ErrorCase] = [
        ErrorCase(
            "Hello {name",
            "scalars 6..<7: argument 'name' has no closing '}' (help: add '}' to close the argument opened here; for a literal brace, write it between apostrophes: '{')"),
        ErrorCase(
            "{",
            "scalars 0..<1: '{' has no closing '}' (help: add '}' to close the argument opened here; for a literal brace, write it between apostrophes: '{')"),
        ErrorCase(
            "{n, number, {x}",
            "scalars 0..<1: argument 'n' has no closing '}' (help: add '}' to close the argument opened here; for a literal brace, write it between apostrophes: '{')"),
        ErrorCase(
            "{n, plural, one {x}",
            "scalars 0..<1: plural argument 'n' has no closing '}' (help: add '}' after the last case to close the argument opened here)"),
        ErrorCase(
            "{n, plural, one {x",
            "scalars 16..<17: plural case 'one' has no closing '}' (help: add '}' to close the case's message opened here)"),
        ErrorCase(
            "{n, plural, other {'{}}",
            "scalars 18..<19: plural case 'other' has no closing '}' (help: add '}' to close the case's message opened here)"),
        ErrorCase("a}b", "scalars 1..<2: unmatched '}' (help: write a literal brace between apostrophes: '}')"),
        ErrorCase("{n}}", "scalars 3..<4: unmatched '}' (help: write a literal brace between apostrophes: '}')"),
    ]

    /// Errors whose local symptom (a word where a case should be, a space in a name) comes from a '}'
    /// left out: the error names the brace that nothing closes.
    static let missingBraceCases: [ErrorCase] = [
        ErrorCase(
            "{n, plural, one {# month} other {# months} free",
            "scalars 0..<1: plural argument 'n' has no closing '}' (help: add '}' after the last case to close the argument opened here)"),
        ErrorCase(
            "{n, plural, one {# month} other {# months} free {x}",
            "scalars 0..<1: plural argument 'n' has no closing '}' (help: add '}' after the last case to close the argument opened here)"),
        ErrorCase(
            "Unlock {unlocked_features and more",
            "scalars 7..<8: argument 'unlocked_features' has no closing '}' (help: add '}' to close the argument opened here; for a literal brace, write it between apostrophes: '{')"),
        ErrorCase(
            "{g, select, male {he} other {they} said",
            "scalars 0..<1: select argument 'g' has no closing '}' (help: add '}' after the last case to close the argument opened here)"),
        ErrorCase(
            "{n, number, integer",
            "scalars 0..<1: argument 'n' has no closing '}' (help: add '}' to close the argument opened here; for a literal brace, write it between apostrophes: '{')"),
        ErrorCase(
            "{n, plural, one {# month} other {# months} free}",
            "scalars 43..<47: invalid plural selector 'free' (help: a selector is '=N' or one of zero, one, two, few, many, other)"),
    ]

    static let argumentCases: [ErrorCase] = [
        ErrorCase(
            "{}",
            "scalars 0..<2: empty argument name (help: write a variable name in the braces, like '{price}')"),
        ErrorCase(
            "{ , number}",
            "scalars 0..<3: empty argument name (help: write a variable name in the braces, like '{price}')"),
        ErrorCase(
            "{user name}",
            "scalars 6..<7: expected ',' or '}' after argument name (help: an argument name is letters, digits, '_', '-' or '.', like '{price_per_month}')"),
        ErrorCase(
            "{price$}",
            "scalars 6..<7: invalid character '$' in argument name (help: an argument name is letters, digits, '_', '-' or '.', like '{price_per_month}')"),
        ErrorCase(
            "{$price}",
            "scalars 1..<2: invalid character '$' in argument name (help: an argument name is letters, digits, '_', '-' or '.', like '{price_per_month}')"),
        ErrorCase(
            "{{n}}",
            "scalars 1..<2: invalid character '{' in argument name (help: an argument name is letters, digits, '_', '-' or '.', like '{price_per_month}')"),
        ErrorCase(
            "{n\u{7}}",
            "scalars 2..<3: invalid character U+0007 in argument name (help: an argument name is letters, digits, '_', '-' or '.', like '{price_per_month}')"),
        ErrorCase(
            "{n,}",
            "scalars 3..<4: expected an argument type after ',' (help: write a type after ',', like '{n, number}', or remove the ',')"),
        ErrorCase("{n, nmber}", "scalars 4..<9: unknown argument type 'nmber' (help: did you mean 'number'?)"),
        ErrorCase(
            "{n, widget}",
            "scalars 4..<10: unknown argument type 'widget' (help: expected one of number, date, time, spellout, ordinal, duration, plural, select, selectordinal)"),
        ErrorCase(
            "{n, choice, 0#none|1#one}",
            "scalars 4..<10: argument type 'choice' is deprecated; use 'plural' (help: write '{n, plural, one {…} other {…}}')"),
        ErrorCase(
            "{n, number x}",
            "scalars 11..<12: expected ',' or '}' after argument type (help: write a style after a second ',' or close the argument with '}', like '{n, number, integer}')"),
        ErrorCase(
            "{n, number!}",
            "scalars 10..<11: invalid character '!' in argument type (help: write a style after a second ',' or close the argument with '}', like '{n, number, integer}')"),
        ErrorCase(
            "{n, number, 'abc}",
            "scalars 12..<13: unterminated quote in argument style (help: close the quote with another apostrophe)"),
    ]

    static let caseErrors: [ErrorCase] = [
        ErrorCase(
            "{n, plural}",
            "scalars 10..<11: expected ',' and cases after 'plural' (help: write '{n, plural, other {…}}')"),
        ErrorCase(
            "{n, plural, one {x}}",
            "scalars 0..<1: plural argument 'n' has no 'other' case (help: add 'other {…}': it is used when no other case matches)"),
        ErrorCase(
            "a {n, plural, offset:1}",
            "scalars 2..<3: plural argument 'n' has no 'other' case (help: add 'other {…}': it is used when no other case matches)"),
        ErrorCase(
            "{n, selectordinal, one {x}}",
            "scalars 0..<1: selectordinal argument 'n' has no 'other' case (help: add 'other {…}': it is used when no other case matches)"),
        ErrorCase(
            "{g, select, male {x}}",
            "scalars 0..<1: select argument 'g' has no 'other' case (help: add 'other {…}': it is used when no other case matches)"),
        ErrorCase(
            "{n, plural, foo {x} other {y}}",
            "scalars 12..<15: invalid plural selector 'foo' (help: a selector is '=N' or one of zero, one, two, few, many, other)"),
        ErrorCase(
            "{n, plural, ohter {y}}",
            "scalars 12..<17: invalid plural selector 'ohter' (help: did you mean 'other'?)"),
        ErrorCase("{n, plural, One {y}}", "scalars 12..<15: invalid plural selector 'One' (help: did you mean 'one'?)"),
        ErrorCase(
            "{n, selectordinal, fourth {y} other {z}}",
            "scalars 19..<25: invalid selectordinal selector 'fourth' (help: a selector is '=N' or one of zero, one, two, few, many, other)"),
        ErrorCase(
            "{n, plural, =abc {x} other {y}}",
            "scalars 12..<16: invalid plural selector '=abc' (help: an exact selector is '=' and a decimal number, like '=0' or '=1.5')"),
        ErrorCase(
            "{n, plural, =1. {x} other {y}}",
            "scalars 12..<15: invalid plural selector '=1.' (help: an exact selector is '=' and a decimal number, like '=0' or '=1.5')"),
        ErrorCase(
            "{n, plural, = 1 {x} other {y}}",
            "scalars 13..<14: expected a number right after '=' (help: an exact selector is written without spaces, like '=0')"),
        ErrorCase(
            "{n, plural, {x} other {y}}",
            "scalars 12..<13: expected a plural selector (help: a selector is '=N' or one of zero, one, two, few, many, other)"),
        ErrorCase(
            "{n, plural, one {a} one {b} other {c}}",
            "scalars 20..<23: duplicate plural case 'one' (help: remove one of the two cases or merge them)"),
        ErrorCase(
            "{n, plural, =1 {a} =1.0 {b} other {c}}",
            "scalars 19..<23: duplicate plural case '=1.0' (help: remove one of the two cases or merge them)"),
        ErrorCase(
            "{g, select, a {x} a {y} other {z}}",
            "scalars 18..<19: duplicate select case 'a' (help: remove one of the two cases or merge them)"),
        ErrorCase(
            "{g, select, {x} other {y}}",
            "scalars 12..<13: expected a select case key (help: a key is a word of letters, digits, '_', '-' or '.', like 'female' or 'other')"),
        ErrorCase(
            "{n, plural, one x other {y}}",
            "scalars 15..<16: expected '{' after plural case 'one' (help: write the case's message in braces, like 'one {…}')"),
        ErrorCase(
            "{g, select, offset:1 other {y}}",
            "scalars 18..<19: expected '{' after select case 'offset' (help: write the case's message in braces, like 'offset {…}')"),
    ]

    static let offsetCases: [ErrorCase] = [
        ErrorCase(
            "{n, plural, offset:-1 other {#}}",
            "scalars 19..<21: offset must be a non-negative integer (help: write a whole number, like 'offset:1')"),
        ErrorCase(
            "{n, plural, offset:1.5 other {#}}",
            "scalars 19..<22: offset must be a non-negative integer (help: write a whole number, like 'offset:1')"),
        ErrorCase(
            "{n, plural, offset:+1 other {#}}",
            "scalars 19..<21: offset must be a non-negative integer (help: write a whole number, like 'offset:1')"),
        ErrorCase(
            "{n, plural, offset: other {#}}",
            "scalars 20..<25: offset must be a non-negative integer (help: write a whole number, like 'offset:1')"),
        ErrorCase(
            "{n, plural, offset:99999999999999999999 other {#}}",
            "scalars 19..<39: offset must be a non-negative integer (help: write a whole number, like 'offset:1')"),
        ErrorCase(
            "{n, plural, one {x} offset:1 other {y}}",
            "scalars 20..<27: 'offset:' must come before the first plural case (help: write one 'offset:N' right after the argument type)"),
        ErrorCase(
            "{n, plural, offset:1 offset:2 other {y}}",
            "scalars 21..<28: duplicate 'offset:' (help: write one 'offset:N' right after the argument type)"),
    ]

    @Test(arguments: braceCases)
    func braces(_ testCase: ErrorCase) {
        expectError(testCase)
    }

    @Test(arguments: missingBraceCases)
    func missingBraces(_ testCase: ErrorCase) {
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

    private func expectError(_ testCase: ErrorCase, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try MessageParser.parse(testCase.text)
            Issue.record("\(testCase.text.debugDescription) parsed", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description == testCase.expected, sourceLocation: sourceLocation)
        }
    }
}
