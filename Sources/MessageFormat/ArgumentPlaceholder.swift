/// A simple argument: `{name}`, `{name, type}` or `{name, type, style}`.
package struct ArgumentPlaceholder: Sendable, Hashable {
    /// The argument name or number, as written.
    package var name: String
    /// The argument type in lowercase (`number`, `date`, `time`, `spellout`, `ordinal`, `duration`), if any.
    package var type: String?
    /// The style text with surrounding whitespace trimmed and quotes kept (`short`, `::percent`, …);
    /// nil when absent or empty.
    package var style: String?
    /// The whole argument, from `{` to past `}`.
    package var range: Range<Int>
    /// The argument name.
    package var nameRange: Range<Int>

    package init(name: String, type: String? = nil, style: String? = nil, range: Range<Int>, nameRange: Range<Int>) {
        self.name = name
        self.type = type
        self.style = style
        self.range = range
        self.nameRange = nameRange
    }
}
