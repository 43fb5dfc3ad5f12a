/// A `{name, plural, …}` or `{name, selectordinal, …}` argument.
package struct PluralArgument: Sendable, Hashable {
    /// The argument name or number, as written.
    package var name: String
    /// True for `selectordinal`, false for `plural`.
    package var ordinal: Bool
    /// The `offset:` value, subtracted from the number before keyword selection and `#`; 0 when absent.
    package var offset: Int
    /// The cases in source order; exactly one has the `other` keyword.
    package var cases: [PluralCase]
    /// The whole argument, from `{` to past `}`.
    package var range: Range<Int>
    /// The argument name.
    package var nameRange: Range<Int>

    package init(
        name: String, ordinal: Bool = false, offset: Int = 0, cases: [PluralCase], range: Range<Int>, nameRange: Range<Int>
    ) {
        self.name = name
        self.ordinal = ordinal
        self.offset = offset
        self.cases = cases
        self.range = range
        self.nameRange = nameRange
    }
}

/// One `selector {message}` pair of a plural argument.
package struct PluralCase: Sendable, Hashable {
    /// What the case matches.
    package var selector: PluralSelector
    /// The sub-message between the braces.
    package var message: MessagePattern
    /// From the selector to past the sub-message's closing `}`.
    package var range: Range<Int>

    package init(selector: PluralSelector, message: MessagePattern, range: Range<Int>) {
        self.selector = selector
        self.message = message
        self.range = range
    }
}

/// What a plural case matches.
package enum PluralSelector: Sendable, Hashable {
    /// `=N`, stored as the number text without `=` (`=0` → `"0"`); tried before keywords.
    case exact(String)
    /// A CLDR plural category: `zero`, `one`, `two`, `few`, `many` or `other`.
    case keyword(String)
}
