import Diagnostics

/// Parses ICU MessageFormat text (apostrophe mode DOUBLE_OPTIONAL) into a `MessagePattern`.
///
/// The parser follows ICU 72's `MessagePattern`, and is stricter where ICU accepts a likely
/// mistake: a stray top-level `}`, plural keywords other than CLDR categories, duplicate cases,
/// a non-integer `offset:` and the deprecated `choice` type are errors.
package enum MessageParser {
    /// The deepest nesting of arguments a message may have; a top-level argument is level 1.
    package static let maximumDepth = 32

    /// Whether `text` has no syntax character (`{`, `}`, `'`), as most messages (every title): such text is
    /// valid and is its own literal text.
    package static func isPlainText(_ text: String) -> Bool {
        !text.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "'") }
    }

    /// Parses `text`, or throws the first syntax error found.
    package static func parse(_ text: String) throws(MessageSyntaxError) -> MessagePattern {
        if isPlainText(text) {
            return MessagePattern(parts: text.isEmpty ? [] : [.text(MessageText(text, at: 0))])
        }
        var parser = Parser(source: MessageSource(text))
        return try parser.parseMessage(depth: 0, inPlural: false, enclosingCase: nil)
    }
}

/// Argument types that take no cases, as ICU's `MessageFormat` knows them.
private let simpleTypes = ["number", "date", "time", "spellout", "ordinal", "duration"]
/// Every argument type the parser accepts, for suggestions and help lines.
let argumentTypes = simpleTypes + ["plural", "select", "selectordinal"]

/// A recursive-descent parser over the message's scalars; `index` is the next scalar to read.
private struct Parser {
    let source: MessageSource
    var index = 0

    init(source: MessageSource) {
        self.source = source
    }

    private var scalars: [Unicode.Scalar] { source.scalars }

    /// The scalar at `index`, or nil at the end of the text.
    private var current: Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    // MARK: Messages

    /// Parses message text and arguments up to the end of the text or, in a sub-message, past the closing `}`.
    ///
    /// `depth` is the nesting level of the argument owning this message (0 at top level);
    /// `inPlural` says whether that argument is a plural, where `#` and `'#` are special;
    /// `enclosingCase` is the case whose `{…}` message this is, nil at top level.
    mutating func parseMessage(
        depth: Int, inPlural: Bool, enclosingCase: (brace: Int, kind: String, key: String)?
    ) throws(MessageSyntaxError) -> MessagePattern
    {
        var builder = PatternBuilder()
        while let scalar = current {
            switch scalar {
            case "'":
                index += 1
                readApostrophe(into: &builder, inPlural: inPlural)
            case "#" where inPlural:
                builder.append(.pound(offset: index), source)
                index += 1
            case "{":
                builder.append(try parseArgument(depth: depth + 1), source)
            case "}":
                guard enclosingCase != nil else {
                    throw MessageSyntaxError(.unmatchedClosingBrace, at: index..<index + 1)
                }
                index += 1
                return builder.finish(source)
            default:
                builder.appendText(at: index)
                index += 1
            }
        }
        if let enclosingCase {
            throw MessageSyntaxError(.unclosedCaseMessage(kind: enclosingCase.kind, key: enclosingCase.key),
                                     at: enclosingCase.brace..<enclosingCase.brace + 1)
        }
        return builder.finish(source)
    }

    /// Reads what follows an apostrophe (already consumed): `''`, a quoted literal, or a literal `'`.
    ///
    /// An unterminated quote runs to the end of the text, as in ICU.
    private mutating func readApostrophe(into builder: inout PatternBuilder, inPlural: Bool) {
        guard let next = current, next == "'" || next == "{" || next == "}" || (inPlural && next == "#") else {
            builder.appendText(at: index - 1)
            return
        }
        if next == "'" {
            builder.appendText(at: index - 1)
            index += 1
            return
        }
        while let scalar = current {
            index += 1
            guard scalar == "'" else {
                builder.appendText(at: index - 1)
                continue
            }
            guard current == "'" else { return }
            builder.appendText(at: index - 1)
            index += 1
        }
    }

    // MARK: Arguments

    /// Parses one argument starting at its `{`.
    private mutating func parseArgument(depth: Int) throws(MessageSyntaxError) -> MessagePart {
        let start = index
        guard depth <= MessageParser.maximumDepth else {
            throw MessageSyntaxError(.tooDeep(limit: MessageParser.maximumDepth), at: start..<start + 1)
        }
        index += 1
        skipWhitespace()
        let nameRange = readIdentifier()
        let name = string(nameRange)
        // Errors inside the argument are most often a '}' left out: say so when no '}' closes it.
        let unclosed = { () -> MessageSyntaxError in
            MessageSyntaxError(.unclosedArgument(name: name.isEmpty ? nil : name), at: start..<start + 1)
        }
        let scalars = self.scalars
        let fail = { (error: MessageSyntaxError) -> MessageSyntaxError in
            Parser.hasClosingBrace(in: scalars, after: start) ? error : unclosed()
        }
        guard let afterName = current else { throw unclosed() }
        if name.isEmpty {
            if afterName == "," || afterName == "}" {
                throw fail(MessageSyntaxError(.emptyArgumentName, at: start..<index + 1))
            }
            throw fail(invalidCharacter(afterName, in: .name))
        }
        skipWhitespace()
        guard let separator = current else { throw unclosed() }
        switch separator {
        case "}":
            index += 1
            return .argument(ArgumentPlaceholder(name: name, range: start..<index, nameRange: nameRange))
        case ",":
            index += 1
        default:
            if index == nameRange.upperBound {
                throw fail(invalidCharacter(separator, in: .name))
            }
            throw fail(MessageSyntaxError(.expectedCommaOrBrace(after: .name), at: index..<index + 1))
        }

        skipWhitespace()
        let typeRange = readIdentifier()
        let typeText = string(typeRange)
        guard current != nil else { throw unclosed() }
        if typeText.isEmpty {
            throw fail(MessageSyntaxError(.expectedArgumentType, at: index..<index + 1))
        }
        let type = typeText.lowercased()
        switch type {
        case "plural", "selectordinal", "select":
            skipWhitespace()
            guard let comma = current else { throw unclosed() }
            guard comma == "," else {
                throw fail(MessageSyntaxError(.expectedCases(type: type, name: name), at: index..<index + 1))
            }
            index += 1
            let context = CasesContext(kind: type, name: name, nameRange: nameRange, start: start, depth: depth)
            if type == "select" {
                return .select(try parseSelectCases(context))
            }
            return .plural(try parsePluralCases(context))
        case "choice":
            throw MessageSyntaxError(.deprecatedChoice, at: typeRange)
        case _ where simpleTypes.contains(type):
            skipWhitespace()
            guard let separator = current else { throw unclosed() }
            var style: String?
            switch separator {
            case "}":
                break
            case ",":
                index += 1
                style = try parseStyle(unclosed: unclosed)
            default:
                if index == typeRange.upperBound {
                    throw fail(invalidCharacter(separator, in: .type))
                }
                throw fail(MessageSyntaxError(.expectedCommaOrBrace(after: .type), at: index..<index + 1))
            }
            index += 1
            return .argument(
                ArgumentPlaceholder(name: name, type: type, style: style, range: start..<index, nameRange: nameRange))
        default:
            throw fail(MessageSyntaxError(
                .unknownArgumentType(typeText, suggestion: Suggestion.didYouMean(type, in: argumentTypes)),
                at: typeRange))
        }
    }

    /// Reads a simple argument's style up to (not past) the closing `}`: balanced braces, quotes kept.
    ///
    /// Returns the style with surrounding whitespace trimmed, or nil when it is empty.
    private mutating func parseStyle(unclosed: () -> MessageSyntaxError) throws(MessageSyntaxError) -> String? {
        skipWhitespace()
        let styleStart = index
        var openBraces = 0
        while let scalar = current {
            switch scalar {
            case "'":
                let quote = index
                index += 1
                while let quoted = current, quoted != "'" {
                    index += 1
                }
                guard current != nil else { throw MessageSyntaxError(.unterminatedStyleQuote, at: quote..<quote + 1) }
            case "{":
                openBraces += 1
            case "}" where openBraces == 0:
                var end = index
                while end > styleStart, Self.isPatternWhitespace(scalars[end - 1]) {
                    end -= 1
                }
                return end > styleStart ? string(styleStart..<end) : nil
            case "}":
                openBraces -= 1
            default:
                break
            }
            index += 1
        }
        throw unclosed()
    }

    // MARK: Plural and select cases

    /// Parses `[offset:N] (selector {message})+ }` after `{name, plural,` or `{name, selectordinal,`.
    private mutating func parsePluralCases(_ context: CasesContext) throws(MessageSyntaxError) -> PluralArgument {
        let kind = context.kind
        var offset: Int?
        var cases: [PluralCase] = []
        var firstKeywordUse: [String: Range<Int>] = [:]
        var firstExactUse: [Double: Range<Int>] = [:]
        while true {
            skipWhitespace()
            guard let scalar = current else { throw context.unclosed }
            let selectorStart = index
            if scalar == "}" {
                index += 1
                guard firstKeywordUse["other"] != nil else { throw context.missingOther }
                return PluralArgument(
                    name: context.name, ordinal: kind == "selectordinal", offset: offset ?? 0, cases: cases,
                    range: context.start..<index, nameRange: context.nameRange)
            }
            let selector: PluralSelector
            var firstUse: Range<Int>?
            if scalar == "=" {
                index += 1
                let numberRange = readIdentifier(alsoAccepting: "+")
                let number = string(numberRange)
                guard !number.isEmpty else {
                    throw context.fail(MessageSyntaxError(.expectedExactNumber, at: index..<index + 1), in: scalars)
                }
                guard let value = decimalValue(number) else {
                    throw context.fail(MessageSyntaxError(.invalidExactSelector(number), at: selectorStart..<index),
                                       in: scalars)
                }
                selector = .exact(number)
                firstUse = firstExactUse[value]
                firstExactUse[value] = firstUse ?? selectorStart..<index
            } else {
                let word = string(readIdentifier())
                if word == "offset", current == ":" {
                    index += 1
                    try parseOffset(into: &offset, hasCases: !cases.isEmpty, context: context, at: selectorStart)
                    continue
                }
                guard !word.isEmpty else {
                    throw context.fail(MessageSyntaxError(.expectedSelector(kind: kind), at: index..<index + 1),
                                       in: scalars)
                }
                guard PluralCategory(rawValue: word) != nil else {
                    let suggestion = Suggestion.didYouMean(word, in: PluralCategory.names)
                    throw context.fail(
                        MessageSyntaxError(.invalidSelector(kind: kind, selector: word, suggestion: suggestion),
                                           at: selectorStart..<index), in: scalars)
                }
                selector = .keyword(word)
                firstUse = firstKeywordUse[word]
                firstKeywordUse[word] = firstUse ?? selectorStart..<index
            }
            let selectorText = string(selectorStart..<index)
            if let firstUse {
                throw context.fail(
                    MessageSyntaxError(.duplicateCase(kind: kind, selector: selectorText, first: firstUse),
                                       at: selectorStart..<index), in: scalars)
            }
            let message = try parseCaseMessage(context, key: selectorText, inPlural: true)
            cases.append(PluralCase(selector: selector, message: message, range: selectorStart..<index))
        }
    }

    /// Parses the value after `offset:` (already consumed), which must come before any case.
    private mutating func parseOffset(
        into offset: inout Int?, hasCases: Bool, context: CasesContext, at keywordStart: Int
    ) throws(MessageSyntaxError) {
        let keyword = keywordStart..<index
        if offset != nil {
            throw context.fail(MessageSyntaxError(.duplicateOffset, at: keyword), in: scalars)
        }
        if hasCases {
            throw context.fail(MessageSyntaxError(.offsetAfterCases(kind: context.kind), at: keyword), in: scalars)
        }
        skipWhitespace()
        let valueRange = readIdentifier(alsoAccepting: "+")
        let text = string(valueRange)
        guard text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let value = Int(text) else {
            let shown = valueRange.isEmpty ? valueRange.lowerBound..<valueRange.lowerBound + 1 : valueRange
            throw context.fail(MessageSyntaxError(.invalidOffset, at: shown), in: scalars)
        }
        offset = value
    }

    /// Parses `(key {message})+ }` after `{name, select,`.
    private mutating func parseSelectCases(_ context: CasesContext) throws(MessageSyntaxError) -> SelectArgument {
        var cases: [SelectCase] = []
        var firstUse: [String: Range<Int>] = [:]
        while true {
            skipWhitespace()
            guard let scalar = current else { throw context.unclosed }
            let keyStart = index
            if scalar == "}" {
                index += 1
                guard firstUse["other"] != nil else { throw context.missingOther }
                return SelectArgument(name: context.name, cases: cases, range: context.start..<index,
                                      nameRange: context.nameRange)
            }
            let key = string(readIdentifier())
            guard !key.isEmpty else {
                throw context.fail(MessageSyntaxError(.expectedSelectKey, at: index..<index + 1), in: scalars)
            }
            if let first = firstUse[key] {
                throw context.fail(
                    MessageSyntaxError(.duplicateCase(kind: "select", selector: key, first: first),
                                       at: keyStart..<index), in: scalars)
            }
            firstUse[key] = keyStart..<index
            let message = try parseCaseMessage(context, key: key, inPlural: false)
            cases.append(SelectCase(key: key, message: message, range: keyStart..<index))
        }
    }

    /// Parses `{message}` after a case's selector or key, through the closing `}`.
    private mutating func parseCaseMessage(
        _ context: CasesContext, key: String, inPlural: Bool
    ) throws(MessageSyntaxError) -> MessagePattern {
        let keyEnd = index
        skipWhitespace()
        guard let brace = current else { throw context.unclosed }
        guard brace == "{" else {
            // Text after the last case ('… other {# months} free') reads as a case without a message.
            throw context.fail(
                MessageSyntaxError(.expectedCaseMessage(kind: context.kind, key: key), at: keyEnd..<keyEnd + 1),
                in: scalars)
        }
        let openingBrace = index
        index += 1
        return try parseMessage(
            depth: context.depth, inPlural: inPlural, enclosingCase: (openingBrace, context.kind, key))
    }

    // MARK: Lexing

    private mutating func skipWhitespace() {
        while let scalar = current, Self.isPatternWhitespace(scalar) {
            index += 1
        }
    }

    /// Pattern_White_Space, answered without the property tables for ASCII.
    private static func isPatternWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return scalar.properties.isPatternWhitespace }
        return scalar == " " || ("\t"..."\r").contains(scalar)
    }

    /// Reads a run of identifier scalars (letters, digits, `_`, `-`, `.`, and `extra`) and returns its range.
    private mutating func readIdentifier(alsoAccepting extra: Unicode.Scalar? = nil) -> Range<Int> {
        let start = index
        while let scalar = current, scalar == extra || isIdentifierScalar(scalar) {
            index += 1
        }
        return start..<index
    }

    /// A letter or decimal digit of any script, `_`, `-` or `.`; ASCII is answered without the property tables.
    private func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else {
            return scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
        }
        switch scalar {
        case "_", "-", ".", "a"..."z", "A"..."Z", "0"..."9":
            return true
        default:
            return false
        }
    }

    private func string(_ range: Range<Int>) -> String {
        source.string(range)
    }

    /// The value of a decimal number written `-?digits(.digits)?`, or nil.
    private func decimalValue(_ text: String) -> Double? {
        var body = Substring(text)
        if body.hasPrefix("-") {
            body = body.dropFirst()
        }
        let pieces = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDecimal = pieces.allSatisfy { piece in
            !piece.isEmpty && piece.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
        }
        return isDecimal ? Double(text) : nil
    }

    // MARK: Errors

    private func invalidCharacter(_ scalar: Unicode.Scalar, in part: MessageSyntaxError.ArgumentPart)
        -> MessageSyntaxError
    {
        MessageSyntaxError(.invalidCharacter(scalar, in: part), at: index..<index + 1)
    }

    /// Whether a `}` closes the `{` at `start`, skipping nested braces and quoted literals.
    ///
    /// Used only to explain an error: when nothing closes the argument, a missing `}` is the likely cause.
    static func hasClosingBrace(in scalars: [Unicode.Scalar], after start: Int) -> Bool {
        var depth = 0
        var index = start
        while index < scalars.count {
            switch scalars[index] {
            case "{":
                depth += 1
            case "}":
                depth -= 1
                if depth == 0 { return true }
            case "'" where index + 1 < scalars.count && (scalars[index + 1] == "{" || scalars[index + 1] == "}"):
                index += 1
                while index + 1 < scalars.count, scalars[index + 1] != "'" {
                    index += 1
                }
                index += 1
            default:
                break
            }
            index += 1
        }
        return false
    }
}

/// What the cases of a plural, selectordinal or select argument belong to, for their errors.
private struct CasesContext {
    var kind: String
    var name: String
    var nameRange: Range<Int>
    var start: Int
    var depth: Int

    var unclosed: MessageSyntaxError {
        MessageSyntaxError(.unclosedCases(kind: kind, name: name), at: start..<start + 1)
    }

    var missingOther: MessageSyntaxError {
        MessageSyntaxError(.missingOther(kind: kind, name: name), at: start..<start + 1)
    }

    /// `error`, or the argument's missing `}` when nothing closes it: the likelier cause.
    func fail(_ error: MessageSyntaxError, in scalars: [Unicode.Scalar]) -> MessageSyntaxError {
        Parser.hasClosingBrace(in: scalars, after: start) ? error : unclosed
    }
}

/// Collects parts, merging adjacent literal text into one `.text` part.
///
/// Literal text is kept as runs of consecutive message offsets: every literal scalar is the message's own
/// scalar at its offset (quoting only drops scalars), so the text is read from the source once, when flushed.
private struct PatternBuilder {
    var parts: [MessagePart] = []
    private var runs: [Range<Int>] = []

    /// Adds the message's scalar at `offset` to the literal text.
    mutating func appendText(at offset: Int) {
        if let last = runs.last, last.upperBound == offset {
            runs[runs.count - 1] = last.lowerBound..<offset + 1
        } else {
            runs.append(offset..<offset + 1)
        }
    }

    mutating func append(_ part: MessagePart, _ source: MessageSource) {
        flushText(source)
        parts.append(part)
    }

    mutating func finish(_ source: MessageSource) -> MessagePattern {
        flushText(source)
        return MessagePattern(parts: parts)
    }

    private mutating func flushText(_ source: MessageSource) {
        guard let first = runs.first else { return }
        if runs.count == 1 {
            parts.append(.text(MessageText(source.string(first), at: first.lowerBound)))
        } else {
            parts.append(.text(MessageText(runs.map(source.string).joined(), offsets: runs.flatMap { $0 })))
        }
        runs.removeAll(keepingCapacity: true)
    }
}
