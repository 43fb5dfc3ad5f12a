import Diagnostics

/// Parses ICU MessageFormat text (apostrophe mode DOUBLE_OPTIONAL) into a `MessagePattern`.
///
/// The parser follows ICU 72's `MessagePattern`, and is stricter where ICU accepts a likely
/// mistake: a stray top-level `}`, plural keywords other than CLDR categories, duplicate cases,
/// a non-integer `offset:` and the deprecated `choice` type are errors.
package enum MessageParser {
    /// The deepest nesting of arguments a message may have; a top-level argument is level 1.
    package static let maximumDepth = 32

    /// Parses `text`, or throws the first syntax error found.
    package static func parse(_ text: String) throws(MessageSyntaxError) -> MessagePattern {
        // Most messages (every title) have no syntax character: they are their own text.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "'") }) {
            return MessagePattern(parts: text.isEmpty ? [] : [.text(text)])
        }
        var parser = Parser(scalars: Array(text.unicodeScalars))
        return try parser.parseMessage(depth: 0, inPlural: false, openingBrace: nil)
    }
}

/// Argument types that take no cases, as ICU's `MessageFormat` knows them.
private let simpleTypes = ["number", "date", "time", "spellout", "ordinal", "duration"]
/// Every argument type the parser accepts, for suggestions.
private let argumentTypes = simpleTypes + ["plural", "select", "selectordinal"]
/// The CLDR plural categories.
private let pluralKeywords = ["zero", "one", "two", "few", "many", "other"]

/// A recursive-descent parser over the message's scalars; `index` is the next scalar to read.
private struct Parser {
    let scalars: [Unicode.Scalar]
    var index = 0

    /// The scalar at `index`, or nil at the end of the text.
    private var current: Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    // MARK: Messages

    /// Parses message text and arguments up to the end of the text or, in a sub-message, past the closing `}`.
    ///
    /// `depth` is the nesting level of the argument owning this message (0 at top level);
    /// `inPlural` says whether that argument is a plural, where `#` and `'#` are special.
    mutating func parseMessage(depth: Int, inPlural: Bool, openingBrace: Int?) throws(MessageSyntaxError)
        -> MessagePattern
    {
        var builder = PatternBuilder()
        while let scalar = current {
            switch scalar {
            case "'":
                index += 1
                readApostrophe(into: &builder, inPlural: inPlural)
            case "#" where inPlural:
                builder.append(.pound(offset: index))
                index += 1
            case "{":
                builder.append(try parseArgument(depth: depth + 1))
            case "}":
                guard openingBrace != nil else {
                    throw MessageSyntaxError(
                        message: "unmatched '}'", offset: index,
                        help: "write a literal brace in apostrophes: '}'")
                }
                index += 1
                return builder.finish()
            default:
                builder.text.append(scalar)
                index += 1
            }
        }
        if let openingBrace {
            throw unclosed(openingBrace)
        }
        return builder.finish()
    }

    /// Reads what follows an apostrophe (already consumed): `''`, a quoted literal, or a literal `'`.
    ///
    /// An unterminated quote runs to the end of the text, as in ICU.
    private mutating func readApostrophe(into builder: inout PatternBuilder, inPlural: Bool) {
        guard let next = current, next == "'" || next == "{" || next == "}" || (inPlural && next == "#") else {
            builder.text.append("'")
            return
        }
        if next == "'" {
            builder.text.append("'")
            index += 1
            return
        }
        while let scalar = current {
            index += 1
            guard scalar == "'" else {
                builder.text.append(scalar)
                continue
            }
            guard current == "'" else { return }
            builder.text.append("'")
            index += 1
        }
    }

    // MARK: Arguments

    /// Parses one argument starting at its `{`.
    private mutating func parseArgument(depth: Int) throws(MessageSyntaxError) -> MessagePart {
        let start = index
        guard depth <= MessageParser.maximumDepth else {
            throw MessageSyntaxError(
                message: "arguments are nested more than \(MessageParser.maximumDepth) levels deep", offset: start)
        }
        index += 1
        skipWhitespace()
        let nameRange = readIdentifier()
        let name = string(nameRange)
        guard let afterName = current else { throw unclosed(start) }
        if name.isEmpty {
            if afterName == "," || afterName == "}" {
                throw MessageSyntaxError(message: "empty argument name", offset: index)
            }
            throw invalidCharacter(afterName, in: "argument name")
        }
        skipWhitespace()
        guard let separator = current else { throw unclosed(start) }
        switch separator {
        case "}":
            index += 1
            return .argument(ArgumentPlaceholder(name: name, range: start..<index, nameRange: nameRange))
        case ",":
            index += 1
        default:
            if index == nameRange.upperBound {
                throw invalidCharacter(separator, in: "argument name")
            }
            throw MessageSyntaxError(message: "expected ',' or '}' after argument name", offset: index)
        }

        skipWhitespace()
        let typeRange = readIdentifier()
        let typeText = string(typeRange)
        guard current != nil else { throw unclosed(start) }
        if typeText.isEmpty {
            throw MessageSyntaxError(message: "expected an argument type after ','", offset: index)
        }
        let type = typeText.lowercased()
        switch type {
        case "plural", "selectordinal", "select":
            skipWhitespace()
            guard let comma = current else { throw unclosed(start) }
            guard comma == "," else {
                throw MessageSyntaxError(
                    message: "expected ',' and cases after '\(type)'", offset: index,
                    help: "write '{\(name), \(type), other {…}}'")
            }
            index += 1
            if type == "select" {
                return .select(try parseSelectCases(name: name, nameRange: nameRange, start: start, depth: depth))
            }
            return .plural(
                try parsePluralCases(
                    name: name, nameRange: nameRange, ordinal: type == "selectordinal", start: start, depth: depth))
        case "choice":
            throw MessageSyntaxError(
                message: "argument type 'choice' is deprecated; use 'plural'", offset: typeRange.lowerBound)
        case _ where simpleTypes.contains(type):
            skipWhitespace()
            guard let separator = current else { throw unclosed(start) }
            var style: String?
            switch separator {
            case "}":
                break
            case ",":
                index += 1
                style = try parseStyle(argumentStart: start)
            default:
                if index == typeRange.upperBound {
                    throw invalidCharacter(separator, in: "argument type")
                }
                throw MessageSyntaxError(message: "expected ',' or '}' after argument type", offset: index)
            }
            index += 1
            return .argument(
                ArgumentPlaceholder(name: name, type: type, style: style, range: start..<index, nameRange: nameRange))
        default:
            throw MessageSyntaxError(
                message: "unknown argument type '\(typeText)'", offset: typeRange.lowerBound,
                help: Suggestion.didYouMean(type, in: argumentTypes)
                    ?? "expected one of \(argumentTypes.joined(separator: ", "))")
        }
    }

    /// Reads a simple argument's style up to (not past) the closing `}`: balanced braces, quotes kept.
    ///
    /// Returns the style with surrounding whitespace trimmed, or nil when it is empty.
    private mutating func parseStyle(argumentStart: Int) throws(MessageSyntaxError) -> String? {
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
                guard current != nil else {
                    throw MessageSyntaxError(message: "unterminated quote in argument style", offset: quote)
                }
            case "{":
                openBraces += 1
            case "}" where openBraces == 0:
                var end = index
                while end > styleStart, scalars[end - 1].properties.isPatternWhitespace {
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
        throw unclosed(argumentStart)
    }

    // MARK: Plural and select cases

    /// Parses `[offset:N] (selector {message})+ }` after `{name, plural,` or `{name, selectordinal,`.
    private mutating func parsePluralCases(
        name: String, nameRange: Range<Int>, ordinal: Bool, start: Int, depth: Int
    ) throws(MessageSyntaxError) -> PluralArgument {
        let kind = ordinal ? "selectordinal" : "plural"
        var offset: Int?
        var cases: [PluralCase] = []
        var firstKeywordUse: [String: Int] = [:]
        var firstExactUse: [Double: Int] = [:]
        while true {
            skipWhitespace()
            guard let scalar = current else { throw unclosed(start) }
            let selectorStart = index
            if scalar == "}" {
                index += 1
                guard firstKeywordUse["other"] != nil else { throw missingOther(kind: kind, name: name, at: start) }
                return PluralArgument(
                    name: name, ordinal: ordinal, offset: offset ?? 0, cases: cases, range: start..<index,
                    nameRange: nameRange)
            }
            let selector: PluralSelector
            var firstOffset: Int?
            if scalar == "=" {
                index += 1
                let numberRange = readIdentifier(alsoAccepting: "+")
                let number = string(numberRange)
                guard !number.isEmpty else {
                    throw MessageSyntaxError(
                        message: "expected a number right after '='", offset: index,
                        help: "an exact selector is written without spaces, like '=0'")
                }
                guard let value = decimalValue(number) else {
                    throw MessageSyntaxError(
                        message: "invalid plural selector '=\(number)'", offset: selectorStart,
                        help: "an exact selector is '=' and a decimal number, like '=0' or '=1.5'")
                }
                selector = .exact(number)
                firstOffset = firstExactUse[value]
                firstExactUse[value] = firstOffset ?? selectorStart
            } else {
                let word = string(readIdentifier())
                if word == "offset", current == ":" {
                    index += 1
                    try parseOffset(into: &offset, hasCases: !cases.isEmpty, kind: kind, at: selectorStart)
                    continue
                }
                guard !word.isEmpty else {
                    throw MessageSyntaxError(
                        message: "expected a \(kind) selector", offset: index, help: pluralSelectorHelp)
                }
                guard pluralKeywords.contains(word) else {
                    throw MessageSyntaxError(
                        message: "invalid \(kind) selector '\(word)'", offset: selectorStart,
                        help: Suggestion.didYouMean(word, in: pluralKeywords) ?? pluralSelectorHelp)
                }
                selector = .keyword(word)
                firstOffset = firstKeywordUse[word]
                firstKeywordUse[word] = firstOffset ?? selectorStart
            }
            let selectorText = string(selectorStart..<index)
            if let firstOffset {
                throw MessageSyntaxError(
                    message: "duplicate \(kind) case '\(selectorText)'", offset: selectorStart,
                    help: "the first one is at character \(firstOffset + 1)")
            }
            let message = try parseCaseMessage(kind: kind, key: selectorText, start: start, depth: depth, inPlural: true)
            cases.append(PluralCase(selector: selector, message: message, range: selectorStart..<index))
        }
    }

    /// Parses the value after `offset:` (already consumed), which must come before any case.
    private mutating func parseOffset(
        into offset: inout Int?, hasCases: Bool, kind: String, at keywordStart: Int
    ) throws(MessageSyntaxError) {
        if offset != nil {
            throw MessageSyntaxError(message: "duplicate 'offset:'", offset: keywordStart)
        }
        if hasCases {
            throw MessageSyntaxError(message: "'offset:' must come before the first \(kind) case", offset: keywordStart)
        }
        skipWhitespace()
        let valueRange = readIdentifier(alsoAccepting: "+")
        let text = string(valueRange)
        guard text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let value = Int(text) else {
            throw MessageSyntaxError(message: "offset must be a non-negative integer", offset: valueRange.lowerBound)
        }
        offset = value
    }

    /// Parses `(key {message})+ }` after `{name, select,`.
    private mutating func parseSelectCases(
        name: String, nameRange: Range<Int>, start: Int, depth: Int
    ) throws(MessageSyntaxError) -> SelectArgument {
        var cases: [SelectCase] = []
        var firstUse: [String: Int] = [:]
        while true {
            skipWhitespace()
            guard let scalar = current else { throw unclosed(start) }
            let keyStart = index
            if scalar == "}" {
                index += 1
                guard firstUse["other"] != nil else { throw missingOther(kind: "select", name: name, at: start) }
                return SelectArgument(name: name, cases: cases, range: start..<index, nameRange: nameRange)
            }
            let key = string(readIdentifier())
            guard !key.isEmpty else {
                throw MessageSyntaxError(
                    message: "expected a select case key", offset: index,
                    help: "a key is a word of letters, digits, '_', '-' or '.', like 'female' or 'other'")
            }
            if let firstOffset = firstUse[key] {
                throw MessageSyntaxError(
                    message: "duplicate select case '\(key)'", offset: keyStart,
                    help: "the first one is at character \(firstOffset + 1)")
            }
            firstUse[key] = keyStart
            let message = try parseCaseMessage(kind: "select", key: key, start: start, depth: depth, inPlural: false)
            cases.append(SelectCase(key: key, message: message, range: keyStart..<index))
        }
    }

    /// Parses `{message}` after a case's selector or key, through the closing `}`.
    private mutating func parseCaseMessage(
        kind: String, key: String, start: Int, depth: Int, inPlural: Bool
    ) throws(MessageSyntaxError) -> MessagePattern {
        skipWhitespace()
        guard let brace = current else { throw unclosed(start) }
        guard brace == "{" else {
            throw MessageSyntaxError(message: "expected '{' after \(kind) case '\(key)'", offset: index)
        }
        let openingBrace = index
        index += 1
        return try parseMessage(depth: depth, inPlural: inPlural, openingBrace: openingBrace)
    }

    // MARK: Lexing

    private mutating func skipWhitespace() {
        while let scalar = current, scalar.properties.isPatternWhitespace {
            index += 1
        }
    }

    /// Reads a run of identifier scalars (letters, digits, `_`, `-`, `.`, and `extra`) and returns its range.
    private mutating func readIdentifier(alsoAccepting extra: Unicode.Scalar? = nil) -> Range<Int> {
        let start = index
        while let scalar = current, scalar == extra || isIdentifierScalar(scalar) {
            index += 1
        }
        return start..<index
    }

    private func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "_", "-", ".":
            true
        default:
            scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
        }
    }

    private func string(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
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

    private var pluralSelectorHelp: String {
        "a selector is '=N' or one of \(pluralKeywords.joined(separator: ", "))"
    }

    private func unclosed(_ brace: Int) -> MessageSyntaxError {
        MessageSyntaxError(message: "unclosed '{' opened at character \(brace + 1)", offset: scalars.count)
    }

    private func invalidCharacter(_ scalar: Unicode.Scalar, in what: String) -> MessageSyntaxError {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let shown =
            scalar.properties.isPatternWhitespace || scalar.properties.generalCategory == .control
            ? "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            : "'\(scalar)'"
        return MessageSyntaxError(message: "invalid character \(shown) in \(what)", offset: index)
    }

    private func missingOther(kind: String, name: String, at start: Int) -> MessageSyntaxError {
        MessageSyntaxError(
            message: "\(kind) argument '\(name)' has no 'other' case", offset: start,
            help: "add 'other {…}': it is used when no other case matches")
    }
}

/// Collects parts, merging adjacent literal text into one `.text` part.
private struct PatternBuilder {
    var parts: [MessagePart] = []
    var text = String.UnicodeScalarView()

    mutating func append(_ part: MessagePart) {
        flushText()
        parts.append(part)
    }

    mutating func finish() -> MessagePattern {
        flushText()
        return MessagePattern(parts: parts)
    }

    private mutating func flushText() {
        if !text.isEmpty {
            parts.append(.text(String(text)))
            text = String.UnicodeScalarView()
        }
    }
}
