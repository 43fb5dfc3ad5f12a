/// A `{name, select, …}` argument.
package struct SelectArgument: Sendable, Hashable {
    /// The argument name or number, as written.
    package var name: String
    /// The cases in source order; exactly one has the key `other`.
    package var cases: [SelectCase]
    /// The whole argument, from `{` to past `}`.
    package var range: Range<Int>
    /// The argument name.
    package var nameRange: Range<Int>

    package init(name: String, cases: [SelectCase], range: Range<Int>, nameRange: Range<Int>) {
        self.name = name
        self.cases = cases
        self.range = range
        self.nameRange = nameRange
    }
}

/// One `key {message}` pair of a select argument.
package struct SelectCase: Sendable, Hashable {
    /// The value the case matches, as written; `other` matches any other value.
    package var key: String
    /// The sub-message between the braces.
    package var message: MessagePattern
    /// From the key to past the sub-message's closing `}`.
    package var range: Range<Int>

    package init(key: String, message: MessagePattern, range: Range<Int>) {
        self.key = key
        self.message = message
        self.range = range
    }
}
