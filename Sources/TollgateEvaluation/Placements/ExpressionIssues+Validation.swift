extension ExpressionIssues {
    /// Every mistake in the condition `text` against the policy's `tiers` and `features` ids, as compiling it
    /// finds them; empty when it compiles.
    package static func find(in text: String, tiers: [String], features: [String]) -> [ExpressionIssue] {
        func index(_ ids: [String]) -> [String: Int] {
            Dictionary(ids.enumerated().map { ($1, $0) }) { first, _ in first }
        }
        do {
            _ = try ExpressionChecker.compile(text, tierIndex: index(tiers), featureIndex: index(features))
            return []
        } catch {
            return error.issues
        }
    }

    /// The string literals `storefront` is compared with or looked up in, with their UTF-8 ranges in `text`;
    /// empty when `text` does not parse.
    package static func storefrontLiterals(in text: String) -> [(code: String, range: Range<Int>)] {
        guard let expression = try? ExpressionParser.parse(text) else { return [] }
        return storefrontLiterals(in: expression)
    }

    private static func storefrontLiterals(in expression: Expression) -> [(code: String, range: Range<Int>)] {
        switch expression {
        case .not(let operand, _):
            return storefrontLiterals(in: operand)
        case .and(let left, let right), .or(let left, let right):
            return storefrontLiterals(in: left) + storefrontLiterals(in: right)
        case .comparison(_, let left, let right, _):
            let other: Expression? = switch (left, right) {
            case (.name(.storefront, _), _): right
            case (_, .name(.storefront, _)): left
            default: nil
            }
            let literals: [Expression.LocatedLiteral] = switch other {
            case .literal(let value, let range)?: [Expression.LocatedLiteral(value: value, range: range)]
            case .list(let elements, _)?: elements
            default: []
            }
            return literals.compactMap { literal in
                guard case .string(let code) = literal.value else { return nil }
                return (code, literal.range)
            }
        case .literal, .list, .name, .version, .has, .unknown:
            return []
        }
    }
}
