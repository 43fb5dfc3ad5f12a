/// An audience's `when` condition as written: a tree whose every node knows its place in the text.
///
/// Ranges are UTF-8 byte offsets into the expression's text; the loader maps them to file positions.
indirect enum Expression: Hashable, Sendable {
    case literal(Literal, Range<Int>)
    case list([LocatedLiteral], Range<Int>)
    case name(ContextName, Range<Int>)
    /// `!operand`; the range is the whole negation.
    case not(Expression, Range<Int>)
    case and(Expression, Expression)
    case or(Expression, Expression)
    /// `left op right`; the range is the operator's.
    case comparison(ComparisonOperator, Expression, Expression, Range<Int>)
    /// `version(argument)`; the range is the whole call.
    case version(Expression, Range<Int>)
    /// `has(attributes.NAME)`; the range is the whole call.
    case has(String, Range<Int>)
    /// A name or function the context does not have, kept so the rest of the condition is still checked.
    case unknown(ExpressionIssue)

    /// A constant as written.
    enum Literal: Hashable, Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
    }

    struct LocatedLiteral: Hashable, Sendable {
        var value: Literal
        var range: Range<Int>
    }

    /// Where the node stands in the text, from its first character to its last.
    var range: Range<Int> {
        switch self {
        case .literal(_, let range), .list(_, let range), .name(_, let range), .not(_, let range),
             .version(_, let range), .has(_, let range):
            range
        case .unknown(let issue):
            issue.range
        case .and(let left, let right), .or(let left, let right), .comparison(_, let left, let right, _):
            left.range.lowerBound..<right.range.upperBound
        }
    }
}

/// `==`, `!=`, `<`, `<=`, `>`, `>=` and `in`.
enum ComparisonOperator: String, Hashable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case isIn = "in"

    /// Whether `order` (the left operand's order against the right's) satisfies the operator.
    func holds(_ order: Order) -> Bool {
        switch self {
        case .equal: order == .same
        case .notEqual: order != .same
        case .less: order == .before
        case .lessOrEqual: order != .after
        case .greater: order == .after
        case .greaterOrEqual: order != .before
        case .isIn: false
        }
    }

    var isOrdering: Bool {
        switch self {
        case .less, .lessOrEqual, .greater, .greaterOrEqual: true
        default: false
        }
    }

    enum Order: Hashable, Sendable {
        case before
        case same
        case after
    }
}
