/// A parsed ICU MessageFormat message: literal text interleaved with arguments.
///
/// Every range and offset in the tree counts Unicode scalars (`text.unicodeScalars`) from the
/// start of the message text, so a caller can map it to a column of the source file.
package struct MessagePattern: Sendable, Hashable {
    /// The parts in source order; adjacent literal text is merged into one `.text` part.
    package var parts: [MessagePart]

    package init(parts: [MessagePart]) {
        self.parts = parts
    }
}

/// One piece of a message.
package enum MessagePart: Sendable, Hashable {
    /// Literal text with quoting already resolved (`''` → `'`, `'{x}'` → `{x}`).
    case text(MessageText)
    /// `{name}`, `{name, type}` or `{name, type, style}`.
    case argument(ArgumentPlaceholder)
    /// `{name, plural, …}` or `{name, selectordinal, …}`.
    case plural(PluralArgument)
    /// `{name, select, …}`.
    case select(SelectArgument)
    /// An unquoted `#` directly inside a plural or selectordinal sub-message, at `offset`.
    case pound(offset: Int)
}
