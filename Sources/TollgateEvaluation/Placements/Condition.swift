import Foundation

/// An audience's `when`, checked and compiled: evaluation walks it without parsing, looking up ids or
/// allocating.
indirect enum Condition: Sendable {
    case constant(Bool)
    case not(Condition)
    case and(Condition, Condition)
    case or(Condition, Condition)
    /// A boolean operand on its own: `ads`, `attributes.beta`.
    case truth(Operand)
    case has(String)
    case compare(ComparisonOperator, Operand, Operand)
    /// `operand in [constants]`.
    case member(Operand, [RuntimeValue])
    /// `"id" in tiers` and `"id" in features`, the id resolved to its position.
    case holdsTier(Int)
    case unlocksFeature(Int)
    /// `operand in tiers` and `operand in features` for an operand known only at run time.
    case inTiers(Operand)
    case inFeatures(Operand)

    /// What a comparison reads: a constant, a name from the context, or a version made of either.
    indirect enum Operand: Sendable {
        case constant(RuntimeValue)
        case name(ContextName)
        case version(Operand)
    }
}

/// A value while a condition runs; strings are views into the context's or the policy's text.
enum RuntimeValue: Sendable {
    case string(Substring)
    case number(Double)
    case bool(Bool)
    case version(AppVersion)
    /// Not in the context, or not readable as what was asked (a version that is not one).
    case absent

    /// How this value orders against `other`; nil where they do not compare (different kinds, or absent).
    func order(against other: RuntimeValue) -> ComparisonOperator.Order? {
        switch (self, other) {
        case (.string(let left), .string(let right)):
            return Self.order(left, right)
        case (.number(let left), .number(let right)):
            return left == right ? .same : left < right ? .before : .after
        case (.bool(let left), .bool(let right)):
            return left == right ? .same : .after
        case (.version(let left), .version(let right)):
            return left == right ? .same : left < right ? .before : .after
        default:
            return nil
        }
    }

    /// Two texts ordered by their UTF-8 bytes, compared in place where both are contiguous.
    private static func order(_ left: Substring, _ right: Substring) -> ComparisonOperator.Order {
        let compared = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes -> ComparisonOperator.Order in
                let common = min(leftBytes.count, rightBytes.count)
                let difference = common == 0 ? 0 : memcmp(leftBytes.baseAddress!, rightBytes.baseAddress!, common)
                if difference != 0 { return difference < 0 ? .before : .after }
                return leftBytes.count == rightBytes.count ? .same : leftBytes.count < rightBytes.count ? .before : .after
            }
        }
        if let compared = compared ?? nil { return compared }
        if left.utf8.elementsEqual(right.utf8) { return .same }
        return left.utf8.lexicographicallyPrecedes(right.utf8) ? .before : .after
    }
}
