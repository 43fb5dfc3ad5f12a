/// Parses an audience's `when` text into an `Expression`, or says at which byte it stops making sense.
///
/// Loosest first: `||`, `&&`, `!`, then one comparison (`== != < <= > >= in`); parentheses group.
struct ExpressionParser {
    /// The longest expression, in UTF-8 bytes.
    static let maximumLength = 4096
    /// The deepest nesting of parentheses, negations and lists.
    static let maximumDepth = 64

    private let tokens: [ExpressionLexer.Token]
    private var position = 0
    private var depth = 0

    /// Parses `text`; the first mistake is thrown.
    static func parse(_ text: String) throws(ExpressionIssue) -> Expression {
        let length = text.utf8.count
        guard length <= maximumLength else {
            throw ExpressionIssue(.limit, at: 0..<length,
                                  "the condition is \(length) bytes long; at most \(maximumLength) are allowed",
                                  help: "split it between audiences, or move the decision into an attribute the app sends")
        }
        var lexer = ExpressionLexer(text)
        var parser = ExpressionParser(tokens: try lexer.tokens())
        guard parser.current.kind != .end else {
            throw ExpressionIssue(.syntax, at: 0..<length, "the condition is empty",
                                  help: "leave 'when' out for an audience that always holds")
        }
        let expression = try parser.disjunction()
        guard parser.current.kind == .end else {
            throw parser.unexpected("expected '&&', '||' or the end of the condition")
        }
        return expression
    }

    private init(tokens: [ExpressionLexer.Token]) {
        self.tokens = tokens
    }

    private var current: ExpressionLexer.Token { tokens[position] }

    private mutating func advance() -> ExpressionLexer.Token {
        defer { position += 1 }
        return tokens[position]
    }

    private func isSymbol(_ symbol: ExpressionLexer.Symbol) -> Bool {
        current.kind == .symbol(symbol)
    }

    private mutating func disjunction() throws(ExpressionIssue) -> Expression {
        var expression = try conjunction()
        while isSymbol(.or) {
            _ = advance()
            expression = .or(expression, try conjunction())
        }
        return expression
    }

    private mutating func conjunction() throws(ExpressionIssue) -> Expression {
        var expression = try negation()
        while isSymbol(.and) {
            _ = advance()
            expression = .and(expression, try negation())
        }
        return expression
    }

    private mutating func negation() throws(ExpressionIssue) -> Expression {
        guard isSymbol(.not) else { return try comparison() }
        let bang = advance()
        try enter(at: bang.range)
        defer { depth -= 1 }
        let operand = try negation()
        return .not(operand, bang.range.lowerBound..<operand.range.upperBound)
    }

    private mutating func comparison() throws(ExpressionIssue) -> Expression {
        let left = try operand()
        guard let comparison = comparisonOperator() else { return left }
        let symbol = advance()
        let right = try operand()
        if comparisonOperator() != nil {
            throw ExpressionIssue(.syntax, at: current.range, "comparisons do not chain",
                                  help: "join two comparisons with '&&', or group one in parentheses")
        }
        return .comparison(comparison, left, right, symbol.range)
    }

    private func comparisonOperator() -> ComparisonOperator? {
        switch current.kind {
        case .symbol(let symbol): ComparisonOperator(rawValue: symbol.rawValue)
        case .identifier("in"): .isIn
        default: nil
        }
    }

    private mutating func operand() throws(ExpressionIssue) -> Expression {
        let token = current
        switch token.kind {
        case .string(let text):
            _ = advance()
            return .literal(.string(text), token.range)
        case .number(let value):
            _ = advance()
            return .literal(.number(value), token.range)
        case .identifier("true"), .identifier("false"):
            _ = advance()
            return .literal(.bool(token.kind == .identifier("true")), token.range)
        case .identifier(let word):
            _ = advance()
            if isSymbol(.openParenthesis) { return try call(word, at: token.range) }
            return try name(word, at: token.range)
        case .symbol(.openParenthesis):
            _ = advance()
            try enter(at: token.range)
            defer { depth -= 1 }
            let inner = try disjunction()
            guard isSymbol(.closeParenthesis) else {
                throw ExpressionIssue(.syntax, at: token.range, "the '(' opened here has no matching ')'",
                                      help: "add ')' where the group ends")
            }
            _ = advance()
            return inner
        case .symbol(.openBracket):
            return try list()
        case .end:
            throw unexpected("expected a value, a name or '(' here")
        default:
            throw unexpected("expected a value, a name or '('")
        }
    }

    /// `user_id`, `tiers`, `attributes.NAME`; whether the name exists is the checker's business.
    private mutating func name(_ word: String, at range: Range<Int>) throws(ExpressionIssue) -> Expression {
        guard isSymbol(.dot) else {
            guard let name = ContextName.builtIn[word] else {
                return .unknown(ExpressionIssue(
                    .unknownName(word, candidates: ContextName.builtIn.keys.sorted() + ["attributes"]),
                    at: range, "unknown name '\(word)'"))
            }
            return .name(name, range)
        }
        _ = advance()
        let member = current
        guard case .identifier(let attribute) = member.kind else {
            throw unexpected("expected an attribute's name after '.'")
        }
        _ = advance()
        guard word == "attributes" else {
            return .unknown(ExpressionIssue(
                .unknownName("\(word).\(attribute)", candidates: []), at: range.lowerBound..<member.range.upperBound,
                "unknown name '\(word).\(attribute)'",
                help: "only the attributes the app sends are written with a dot: attributes.\(attribute)"))
        }
        return .name(.attribute(attribute), range.lowerBound..<member.range.upperBound)
    }

    /// `version(x)` and `has(attributes.NAME)`.
    private mutating func call(_ function: String, at range: Range<Int>) throws(ExpressionIssue) -> Expression {
        let open = advance()
        try enter(at: open.range)
        defer { depth -= 1 }
        let argument = try disjunction()
        guard isSymbol(.closeParenthesis) else {
            if isSymbol(.comma) { throw unexpected("\(function)() takes one argument") }
            throw ExpressionIssue(.syntax, at: open.range, "the '(' of \(function)() has no matching ')'",
                                  help: "add ')' after the argument")
        }
        let whole = range.lowerBound..<advance().range.upperBound
        switch function {
        case "version":
            return .version(argument, whole)
        case "has":
            guard case .name(.attribute(let attribute), _) = argument else {
                throw ExpressionIssue(.typeMismatch, at: argument.range, "has() takes an attribute",
                                      help: "write has(attributes.NAME)")
            }
            return .has(attribute, whole)
        default:
            return .unknown(ExpressionIssue(.unknownName(function, candidates: ["has", "version"]), at: range,
                                            "unknown function '\(function)'"))
        }
    }

    /// `[literal, …]`: strings or numbers.
    private mutating func list() throws(ExpressionIssue) -> Expression {
        let open = advance()
        try enter(at: open.range)
        defer { depth -= 1 }
        var elements: [Expression.LocatedLiteral] = []
        while !isSymbol(.closeBracket) {
            if !elements.isEmpty {
                guard isSymbol(.comma) else {
                    if current.kind == .end {
                        throw ExpressionIssue(.syntax, at: open.range, "the '[' opened here has no matching ']'",
                                              help: "add ']' where the list ends")
                    }
                    throw unexpected("expected ',' or ']' in the list")
                }
                _ = advance()
            }
            let token = current
            switch token.kind {
            case .string(let text): elements.append(.init(value: .string(text), range: token.range))
            case .number(let value): elements.append(.init(value: .number(value), range: token.range))
            case .end:
                throw ExpressionIssue(.syntax, at: open.range, "the '[' opened here has no matching ']'",
                                      help: "add ']' where the list ends")
            default:
                throw unexpected("a list holds strings or numbers")
            }
            _ = advance()
        }
        let close = advance()
        return .list(elements, open.range.lowerBound..<close.range.upperBound)
    }

    private mutating func enter(at range: Range<Int>) throws(ExpressionIssue) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw ExpressionIssue(.limit, at: range, "the condition nests deeper than \(Self.maximumDepth) levels",
                                  help: "remove redundant parentheses or negations")
        }
    }

    /// An error at the current token: `expected` and what was found instead.
    private func unexpected(_ expected: String) -> ExpressionIssue {
        let token = current
        let found: String = switch token.kind {
        case .end: "the end of the condition"
        case .string(let text): "the string \"\(text)\""
        case .number: "a number"
        case .identifier(let word): "'\(word)'"
        case .symbol(let symbol): "'\(symbol.rawValue)'"
        }
        return ExpressionIssue(.syntax, at: token.range, "\(expected); found \(found)")
    }
}
