/// Checks a parsed condition against the context's names and the policy's ids, and compiles it.
///
/// Every mistake is collected, each with its range, so validation reports them all at once.
struct ExpressionChecker {
    let tierIndex: [String: Int]
    let featureIndex: [String: Int]
    private(set) var issues: [ExpressionIssue] = []

    init(tierIndex: [String: Int], featureIndex: [String: Int]) {
        self.tierIndex = tierIndex
        self.featureIndex = featureIndex
    }

    /// Parses, checks and compiles `text`; the issues found, if any, are thrown together.
    static func compile(_ text: String, tierIndex: [String: Int], featureIndex: [String: Int])
        throws(ExpressionIssues) -> Condition
    {
        let expression: Expression
        do {
            expression = try ExpressionParser.parse(text)
        } catch {
            throw ExpressionIssues(issues: [error])
        }
        var checker = ExpressionChecker(tierIndex: tierIndex, featureIndex: featureIndex)
        let condition = checker.condition(expression)
        guard checker.issues.isEmpty else { throw ExpressionIssues(issues: checker.issues) }
        return condition
    }

    /// `expression` as a condition: it must be true or false.
    private mutating func condition(_ expression: Expression) -> Condition {
        switch expression {
        case .not(let operand, _):
            return .not(condition(operand))
        case .and(let left, let right):
            return .and(condition(left), condition(right))
        case .or(let left, let right):
            return .or(condition(left), condition(right))
        case .has(let attribute, _):
            return .has(attribute)
        case .comparison(let comparison, let left, let right, let range):
            return compare(comparison, left, right, at: range)
        case .literal(.bool(let value), _):
            return .constant(value)
        default:
            let (operand, type) = operand(expression)
            guard type == .bool || type == .attribute else {
                issues.append(ExpressionIssue(
                    .typeMismatch, at: expression.range,
                    "the condition is \(type.phrase), not true or false",
                    help: "compare it with something, such as \(Self.example(for: type))"))
                return .constant(false)
            }
            return .truth(operand)
        }
    }

    /// A comparison or membership test, its operand types checked against each other.
    private mutating func compare(_ comparison: ComparisonOperator, _ left: Expression, _ right: Expression,
                                  at range: Range<Int>) -> Condition {
        checkStorefront(left, right)
        checkStorefront(right, left)
        let (leftOperand, leftType) = operand(left)
        if comparison == .isIn {
            return member(left, leftOperand, leftType, right, at: range)
        }
        let (rightOperand, rightType) = operand(right)
        guard Self.compatible(leftType, rightType, ordering: comparison.isOrdering) else {
            issues.append(mismatch(comparison, left, leftType, right, rightType))
            return .constant(false)
        }
        return .compare(comparison, leftOperand, rightOperand)
    }

    /// `left in right`: a list literal, `tiers` or `features` on the right.
    private mutating func member(_ left: Expression, _ operand: Condition.Operand, _ type: ExpressionType,
                                 _ right: Expression, at range: Range<Int>) -> Condition {
        switch right {
        case .name(.tiers, _), .name(.features, _):
            let isTiers = if case .name(.tiers, _) = right { true } else { false }
            if case .literal(.string(let id), let idRange) = left {
                if isTiers {
                    guard let index = tierIndex[id] else {
                        issues.append(ExpressionIssue(.unknownTier(id), at: idRange, "unknown tier '\(id)'"))
                        return .constant(false)
                    }
                    return .holdsTier(index)
                }
                guard let index = featureIndex[id] else {
                    issues.append(ExpressionIssue(.unknownFeature(id), at: idRange, "unknown feature '\(id)'"))
                    return .constant(false)
                }
                return .unlocksFeature(index)
            }
            guard type == .string || type == .attribute else {
                issues.append(ExpressionIssue(
                    .typeMismatch, at: left.range,
                    "'in \(isTiers ? "tiers" : "features")' needs a string on its left; this is \(type.phrase)",
                    help: "write the id in double quotes: \"premium\" in tiers"))
                return .constant(false)
            }
            return isTiers ? .inTiers(operand) : .inFeatures(operand)
        case .list(let elements, _):
            let (_, listType) = self.operand(right)
            let element: ExpressionType? = switch listType {
            case .stringList: .string
            case .numberList: .number
            default: nil
            }
            if let element, type != element, type != .attribute {
                issues.append(ExpressionIssue(
                    .typeMismatch, at: left.range,
                    "\(Self.describe(left)) is \(type.phrase) and the list holds \(element == .string ? "strings" : "numbers")",
                    help: "compare like with like"))
                return .constant(false)
            }
            return .member(operand, elements.map { Self.value($0.value) })
        default:
            let (_, rightType) = self.operand(right)
            issues.append(ExpressionIssue(
                .typeMismatch, at: right.range,
                "'in' needs a list, tiers or features on its right; this is \(rightType.phrase)",
                help: "write a list in brackets: [\"JPN\", \"KOR\"], or use '==' to compare two values"))
            return .constant(false)
        }
    }

    /// `expression` as something a comparison reads, and its type.
    private mutating func operand(_ expression: Expression) -> (Condition.Operand, ExpressionType) {
        switch expression {
        case .literal(let literal, _):
            let type: ExpressionType = switch literal {
            case .string: .string
            case .number: .number
            case .bool: .bool
            }
            return (.constant(Self.value(literal)), type)
        case .list(let elements, _):
            let types = Set(elements.map { element -> ExpressionType in
                if case .string = element.value { return .string }
                if case .number = element.value { return .number }
                return .bool
            })
            if types.count > 1 {
                issues.append(ExpressionIssue(.typeMismatch, at: expression.range,
                                              "a list mixes strings and numbers", help: "make every element of one kind"))
            }
            let type: ExpressionType = types.isEmpty ? .emptyList : types.contains(.string) ? .stringList : .numberList
            return (.constant(.absent), type)
        case .name(let name, _):
            return (.name(name), name.type)
        case .unknown(let issue):
            // Read as an attribute the app does not send: absent, of any type, so nothing else is reported twice.
            issues.append(issue)
            return (.constant(.absent), .attribute)
        case .version(let argument, _):
            let (inner, type) = operand(argument)
            switch (argument, type) {
            case (.literal(.string(let text), let range), _):
                guard let version = AppVersion(Substring(text)) else {
                    issues.append(ExpressionIssue(.version(text), at: range, "'\(text)' is not a version",
                                                  help: "write one to four whole numbers joined by dots, such as \"2.3\""))
                    return (.constant(.absent), .version)
                }
                return (.constant(.version(version)), .version)
            case (_, .string), (_, .attribute):
                return (.version(inner), .version)
            default:
                issues.append(ExpressionIssue(.typeMismatch, at: argument.range,
                                              "version() takes a string; this is \(type.phrase)",
                                              help: "write version(app_version) or version(\"2.3\")"))
                return (.constant(.absent), .version)
            }
        case .not, .and, .or, .comparison, .has:
            _ = condition(expression)
            issues.append(ExpressionIssue(.typeMismatch, at: expression.range,
                                          "a condition cannot be compared",
                                          help: "join conditions with '&&' or '||', and group them in parentheses"))
            return (.constant(.absent), .bool)
        }
    }

    /// Whether values of these types may stand on the two sides of `==`, or of `<` when `ordering`.
    private static func compatible(_ left: ExpressionType, _ right: ExpressionType, ordering: Bool) -> Bool {
        if left.isList || right.isList { return false }
        if ordering, left == .bool || right == .bool { return false }
        if left == .attribute || right == .attribute { return left != .version && right != .version }
        return left == right
    }

    private func mismatch(_ comparison: ComparisonOperator, _ left: Expression, _ leftType: ExpressionType,
                          _ right: Expression, _ rightType: ExpressionType) -> ExpressionIssue {
        let range = left.range.lowerBound..<right.range.upperBound
        if leftType.isList || rightType.isList {
            return ExpressionIssue(.typeMismatch, at: range, "lists cannot be compared with '\(comparison.rawValue)'",
                                   help: "test membership with 'in': \"premium\" in tiers")
        }
        if comparison.isOrdering, leftType == .bool || rightType == .bool {
            return ExpressionIssue(.typeMismatch, at: range, "booleans have no order; '\(comparison.rawValue)' needs "
                                   + "numbers, strings or versions", help: "compare booleans with '==' or '!='")
        }
        if leftType == .version || rightType == .version {
            let other = leftType == .version ? right : left
            return ExpressionIssue(.typeMismatch, at: range,
                                   "a version is compared with a version; \(Self.describe(other)) is not one",
                                   help: "wrap it: version(\(Self.source(other)))")
        }
        var help = "compare like with like"
        for (side, type) in [(left, leftType), (right, rightType)] {
            if case .literal(.string(let text), _) = side, Double(text) != nil, type == .string {
                help = "write \(text) without quotes to compare numbers"
            } else if case .literal(.number(let value), _) = side, type == .number {
                help = "write \"\(Self.numberText(value))\" in quotes to compare strings"
            }
        }
        return ExpressionIssue(.typeMismatch, at: range,
                               "\(Self.describe(left)) is \(leftType.phrase) and \(Self.describe(right)) is \(rightType.phrase)",
                               help: help)
    }

    /// A storefront compared with a literal: the literal must be an ISO 3166-1 alpha-3 code.
    private mutating func checkStorefront(_ name: Expression, _ other: Expression) {
        guard case .name(.storefront, _) = name else { return }
        let literals: [Expression.LocatedLiteral] = switch other {
        case .literal(let value, let range): [.init(value: value, range: range)]
        case .list(let elements, _): elements
        default: []
        }
        for literal in literals {
            guard case .string(let code) = literal.value else { continue }
            let isAlpha3 = code.utf8.count == 3 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
            if !isAlpha3 {
                issues.append(ExpressionIssue(
                    .storefront(code), at: literal.range,
                    "'\(code)' is not a storefront code; storefronts are ISO 3166-1 alpha-3 codes such as \"JPN\"",
                    help: "write the three capital letters StoreKit's Storefront.countryCode gives"))
            }
        }
    }

    private static func value(_ literal: Expression.Literal) -> RuntimeValue {
        switch literal {
        case .string(let text): .string(Substring(text))
        case .number(let value): .number(value)
        case .bool(let value): .bool(value)
        }
    }

    /// How a message names an operand: the name, or the literal as written.
    private static func describe(_ expression: Expression) -> String {
        "'\(source(expression))'"
    }

    private static func source(_ expression: Expression) -> String {
        switch expression {
        case .name(let name, _): name.spelling
        case .literal(.string(let text), _): "\"\(text)\""
        case .literal(.number(let value), _): numberText(value)
        case .literal(.bool(let value), _): value ? "true" : "false"
        case .version(let argument, _): "version(\(source(argument)))"
        case .list: "the list"
        default: "the condition"
        }
    }

    private static func numberText(_ value: Double) -> String {
        value == value.rounded() && value.magnitude < 1e15 ? String(Int64(value)) : String(value)
    }

    private static func example(for type: ExpressionType) -> String {
        switch type {
        case .number: "days_since_install < 7"
        case .version: "version(app_version) >= version(\"2.3\")"
        case .tierList: "\"premium\" in tiers"
        case .featureList: "\"cloud-sync\" in features"
        case .stringList, .numberList, .emptyList: "storefront in [\"JPN\", \"KOR\"]"
        default: "storefront == \"JPN\""
        }
    }
}

/// Every mistake found in one condition.
public struct ExpressionIssues: Error, Hashable, Sendable {
    public var issues: [ExpressionIssue]
}
