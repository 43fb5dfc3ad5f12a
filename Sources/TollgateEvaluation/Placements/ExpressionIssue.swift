/// Something wrong with an audience expression, where it is (UTF-8 offsets in the expression's text) and,
/// where one helps, what to write instead.
public struct ExpressionIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of mistake it is; validation reports each kind under its own rule.
    public enum Kind: Hashable, Sendable {
        /// Not an expression: a stray character, a missing operand or parenthesis, an unclosed string.
        case syntax
        /// Longer than `ExpressionParser.maximumLength` bytes, or nested deeper than `maximumDepth`.
        case limit
        /// A name the context does not have; `candidates` are the names it does.
        case unknownName(String, candidates: [String])
        /// Operands of types the operator does not combine, such as `days_since_install == "7"`.
        case typeMismatch
        /// `"id" in tiers` or `"id" in features` naming an id the policy does not have.
        case unknownTier(String)
        case unknownFeature(String)
        /// A storefront literal that is not three capital letters (ISO 3166-1 alpha-3).
        case storefront(String)
        /// A `version()` literal that is not one to four dot-separated whole numbers.
        case version(String)
    }

    public var kind: Kind
    /// UTF-8 byte offsets in the expression's text.
    public var range: Range<Int>
    /// What is wrong, lowercase, with the user's values quoted.
    public var message: String
    /// What to do about it, when there is one thing to do.
    public var help: String?

    public init(_ kind: Kind, at range: Range<Int>, _ message: String, help: String? = nil) {
        self.kind = kind
        self.range = range
        self.message = message
        self.help = help
    }

    public var description: String { message }
}
