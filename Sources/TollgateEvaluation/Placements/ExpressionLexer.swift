import JSON

/// Splits an expression's UTF-8 text into tokens, each with its byte range.
struct ExpressionLexer {
    struct Token: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case string(String)
            case number(Double)
            case identifier(String)
            case symbol(Symbol)
            case end
        }

        var kind: Kind
        var range: Range<Int>
    }

    enum Symbol: String, Hashable, Sendable {
        case or = "||"
        case and = "&&"
        case not = "!"
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case openParenthesis = "("
        case closeParenthesis = ")"
        case openBracket = "["
        case closeBracket = "]"
        case comma = ","
        case dot = "."
    }

    private let bytes: [UInt8]
    private var offset = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Every token up to and including `.end`.
    mutating func tokens() throws(ExpressionIssue) -> [Token] {
        var tokens: [Token] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private mutating func next() throws(ExpressionIssue) -> Token {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        let start = offset
        guard offset < bytes.count else { return Token(kind: .end, range: start..<start) }
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "\""):
            return try string()
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try number()
        case UInt8(ascii: "-") where offset + 1 < bytes.count && Self.isDigit(bytes[offset + 1]):
            return try number()
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
            while offset < bytes.count, Self.isIdentifierByte(bytes[offset]) { offset += 1 }
            return Token(kind: .identifier(String(decoding: bytes[start..<offset], as: UTF8.self)), range: start..<offset)
        case UInt8(ascii: "'"):
            throw ExpressionIssue(.syntax, at: start..<start + 1, "strings are written in double quotes, not single",
                                  help: "write \"…\" for a string")
        default:
            for symbol in [Symbol.or, .and, .equal, .notEqual, .lessOrEqual, .greaterOrEqual, .not, .less, .greater,
                           .openParenthesis, .closeParenthesis, .openBracket, .closeBracket, .comma, .dot]
            where bytes[offset...].starts(with: symbol.rawValue.utf8) {
                offset += symbol.rawValue.utf8.count
                return Token(kind: .symbol(symbol), range: start..<offset)
            }
            let end = Self.characterEnd(bytes, from: start)
            let character = String(decoding: bytes[start..<end], as: UTF8.self)
            let help: String? = switch character {
            case "=": "write '==' to compare"
            case "&": "write '&&' for 'and'"
            case "|": "write '||' for 'or'"
            default: nil
            }
            throw ExpressionIssue(.syntax, at: start..<end, "unexpected character '\(character)'", help: help)
        }
    }

    /// A string in double quotes with JSON's escapes.
    private mutating func string() throws(ExpressionIssue) -> Token {
        let start = offset
        offset += 1
        var scalars = String.UnicodeScalarView()
        var runStart = offset
        func flushRun() {
            scalars.append(contentsOf: String(decoding: bytes[runStart..<offset], as: UTF8.self).unicodeScalars)
        }
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                flushRun()
                offset += 1
                return Token(kind: .string(String(scalars)), range: start..<offset)
            case UInt8(ascii: "\\"):
                flushRun()
                scalars.append(try escape())
                runStart = offset
            case 0x00..<0x20:
                throw ExpressionIssue(.syntax, at: offset..<offset + 1, "a control character inside a string",
                                      help: "write it as an escape such as \\n or \\u0009")
            default:
                offset += 1
            }
        }
        throw ExpressionIssue(.syntax, at: start..<start + 1, "the string opened here has no closing '\"'",
                              help: "add '\"' where the string ends")
    }

    /// One escape after a backslash, decoded as JSON decodes it: `\" \\ \/ \b \f \n \r \t` or `\u` and four hex
    /// digits (surrogate pairs joined).
    private mutating func escape() throws(ExpressionIssue) -> Unicode.Scalar {
        let start = offset
        var end = offset
        do throws(JSONEscape.Failure) {
            let scalar = try bytes.withUnsafeBufferPointer { buffer throws(JSONEscape.Failure) in
                try JSONEscape.decode(buffer, at: &end)
            }
            offset = end
            return scalar
        } catch {
            switch error {
            case .unfinished:
                throw ExpressionIssue(.syntax, at: start..<start + 1, "the string ends inside an escape")
            case .unknown:
                let end = Self.characterEnd(bytes, from: start + 1)
                throw ExpressionIssue(
                    .syntax, at: start..<end,
                    "unknown escape '\\\(String(decoding: bytes[start + 1..<end], as: UTF8.self))'",
                    help: "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u followed by four hex digits")
            case .hexDigits(let escape):
                throw ExpressionIssue(.syntax, at: start..<min(escape + 6, bytes.count), "'\\u' needs four hex digits",
                                      help: "write \\u00e9 for é")
            case .unpairedHigh, .unpairedLow:
                throw ExpressionIssue(.syntax, at: start..<start + 6, "'\\u' escape of a lone surrogate",
                                      help: "write a surrogate pair, or the character itself")
            case .notLow(let escape):
                throw ExpressionIssue(.syntax, at: start..<escape + 6, "'\\u' escape of a lone surrogate",
                                      help: "write a surrogate pair, or the character itself")
            }
        }
    }

    /// An integer or a decimal, optionally negative: `7`, `-3`, `1.5`.
    private mutating func number() throws(ExpressionIssue) -> Token {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
        if offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "."), Self.isDigit(bytes[offset + 1]) {
            offset += 1
            while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
        }
        if offset < bytes.count, Self.isIdentifierByte(bytes[offset]) || bytes[offset] == UInt8(ascii: ".") {
            let end = Self.wordEnd(bytes, from: offset)
            throw ExpressionIssue(
                .syntax, at: start..<end,
                "'\(String(decoding: bytes[start..<end], as: UTF8.self))' is not a number",
                help: "versions are compared as version(\"2.3.1\"); other text goes in double quotes")
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        guard let value = Double(text), value.magnitude <= 9_007_199_254_740_992 else {
            throw ExpressionIssue(.syntax, at: start..<offset, "the number '\(text)' is too large",
                                  help: "numbers are exact up to 9007199254740992")
        }
        return Token(kind: .number(value), range: start..<offset)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "-")
    }

    /// The end of the UTF-8 character that starts at `start`.
    private static func characterEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return end
    }

    /// The end of a run of identifier bytes and dots, for a message about a malformed number.
    private static func wordEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, isIdentifierByte(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
        return end
    }
}
