/// Why a message is not valid ICU MessageFormat, and where.
///
/// Positions are Unicode scalar ranges of the message text; a caller maps them to its own file positions.
/// The wording never counts characters: a person looks at a caret, not at a number.
package struct MessageSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A part of an argument, for messages about what it may hold.
    package enum ArgumentPart: String, Sendable, Hashable {
        case name = "argument name"
        case type = "argument type"
    }

    /// What is wrong, with the user's words it concerns.
    package enum Kind: Sendable, Hashable {
        /// An argument's `{` has no matching `}`; `name` is nil when the brace is followed by no name.
        case unclosedArgument(name: String?)
        /// A plural, selectordinal or select argument's `{` has no matching `}` after its cases.
        case unclosedCases(kind: String, name: String)
        /// The `{` that opens a case's message has no matching `}`.
        case unclosedCaseMessage(kind: String, key: String)
        /// A `}` that closes nothing.
        case unmatchedClosingBrace
        case tooDeep(limit: Int)
        case emptyArgumentName
        case invalidCharacter(Unicode.Scalar, in: ArgumentPart)
        case expectedCommaOrBrace(after: ArgumentPart)
        case expectedArgumentType
        case expectedCases(type: String, name: String)
        case deprecatedChoice
        case unknownArgumentType(String, suggestion: String?)
        case unterminatedStyleQuote
        case missingOther(kind: String, name: String)
        case expectedExactNumber
        case invalidExactSelector(String)
        case invalidSelector(kind: String, selector: String, suggestion: String?)
        case expectedSelector(kind: String)
        /// A case repeated; `first` is the range of the first one.
        case duplicateCase(kind: String, selector: String, first: Range<Int>)
        case duplicateOffset
        case offsetAfterCases(kind: String)
        case invalidOffset
        case expectedCaseMessage(kind: String, key: String)
        case expectedSelectKey
    }

    package var kind: Kind
    /// The scalars the problem is about, within `0...count` of the text (an empty range at the end of text).
    package var range: Range<Int>

    package init(_ kind: Kind, at range: Range<Int>) {
        self.kind = kind
        self.range = range
    }

    /// What is wrong, rustc style: lowercase, no trailing period, user values in single quotes.
    package var message: String {
        switch kind {
        case .unclosedArgument(let name?): "argument '\(name)' has no closing '}'"
        case .unclosedArgument(nil): "'{' has no closing '}'"
        case .unclosedCases(let kind, let name): "\(kind) argument '\(name)' has no closing '}'"
        case .unclosedCaseMessage(let kind, let key): "\(kind) case '\(key)' has no closing '}'"
        case .unmatchedClosingBrace: "unmatched '}'"
        case .tooDeep(let limit): "arguments are nested more than \(limit) levels deep"
        case .emptyArgumentName: "empty argument name"
        case .invalidCharacter(let scalar, let part): "invalid character \(Self.shown(scalar)) in \(part.rawValue)"
        case .expectedCommaOrBrace(let part): "expected ',' or '}' after \(part.rawValue)"
        case .expectedArgumentType: "expected an argument type after ','"
        case .expectedCases(let type, _): "expected ',' and cases after '\(type)'"
        case .deprecatedChoice: "argument type 'choice' is deprecated; use 'plural'"
        case .unknownArgumentType(let type, _): "unknown argument type '\(type)'"
        case .unterminatedStyleQuote: "unterminated quote in argument style"
        case .missingOther(let kind, let name): "\(kind) argument '\(name)' has no 'other' case"
        case .expectedExactNumber: "expected a number right after '='"
        case .invalidExactSelector(let number): "invalid plural selector '=\(number)'"
        case .invalidSelector(let kind, let selector, _): "invalid \(kind) selector '\(selector)'"
        case .expectedSelector(let kind): "expected a \(kind) selector"
        case .duplicateCase(let kind, let selector, _): "duplicate \(kind) case '\(selector)'"
        case .duplicateOffset: "duplicate 'offset:'"
        case .offsetAfterCases(let kind): "'offset:' must come before the first \(kind) case"
        case .invalidOffset: "offset must be a non-negative integer"
        case .expectedCaseMessage(let kind, let key): "expected '{' after \(kind) case '\(key)'"
        case .expectedSelectKey: "expected a select case key"
        }
    }

    /// What was probably meant or expected, for a diagnostic's help line.
    package var help: String? {
        switch kind {
        case .unclosedArgument:
            "add '}' to close the argument opened here; for a literal brace, write it between apostrophes: '{'"
        case .unclosedCases:
            "add '}' after the last case to close the argument opened here"
        case .unclosedCaseMessage:
            "add '}' to close the case's message opened here"
        case .unmatchedClosingBrace: "write a literal brace between apostrophes: '}'"
        case .tooDeep: "nest fewer plural and select arguments"
        case .emptyArgumentName: "write a variable name in the braces, like '{price}'"
        case .expectedArgumentType: "write a type after ',', like '{n, number}', or remove the ','"
        case .invalidCharacter(_, .name), .expectedCommaOrBrace(.name):
            "an argument name is letters, digits, '_', '-' or '.', like '{price_per_month}'"
        case .invalidCharacter(_, .type), .expectedCommaOrBrace(.type):
            "write a style after a second ',' or close the argument with '}', like '{n, number, integer}'"
        case .expectedCases(let type, let name): "write '{\(name), \(type), other {…}}'"
        case .deprecatedChoice: "write '{n, plural, one {…} other {…}}'"
        case .unknownArgumentType(_, let suggestion):
            suggestion ?? "expected one of \(argumentTypes.joined(separator: ", "))"
        case .unterminatedStyleQuote: "close the quote with another apostrophe"
        case .missingOther: "add 'other {…}': it is used when no other case matches"
        case .expectedExactNumber: "an exact selector is written without spaces, like '=0'"
        case .invalidExactSelector: "an exact selector is '=' and a decimal number, like '=0' or '=1.5'"
        case .invalidSelector(_, _, let suggestion): suggestion ?? Self.pluralSelectorHelp
        case .expectedSelector: Self.pluralSelectorHelp
        case .duplicateCase: "remove one of the two cases or merge them"
        case .duplicateOffset, .offsetAfterCases: "write one 'offset:N' right after the argument type"
        case .invalidOffset: "write a whole number, like 'offset:1'"
        case .expectedCaseMessage(_, let key): "write the case's message in braces, like '\(key) {…}'"
        case .expectedSelectKey: "a key is a word of letters, digits, '_', '-' or '.', like 'female' or 'other'"
        }
    }

    /// A second place the problem involves, such as the first of two duplicate cases, and what it is.
    package var note: (range: Range<Int>, message: String)? {
        guard case .duplicateCase(_, let selector, let first) = kind else { return nil }
        return (first, "'\(selector)' first used here")
    }

    package var description: String {
        "scalars \(range.lowerBound)..<\(range.upperBound): \(message)" + (help.map { " (help: \($0))" } ?? "")
    }

    static let pluralSelectorHelp = "a selector is '=N' or one of \(PluralCategory.names.joined(separator: ", "))"

    /// A scalar as a message shows it: quoted, or as a code point when it is invisible.
    private static func shown(_ scalar: Unicode.Scalar) -> String {
        guard scalar.properties.isPatternWhitespace || scalar.properties.generalCategory == .control else {
            return "'\(scalar)'"
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
