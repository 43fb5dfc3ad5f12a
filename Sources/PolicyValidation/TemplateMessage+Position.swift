import Diagnostics
import MessageFormat
import PolicyModel

extension TemplateMessage {
    /// The span of the scalars `range` of the message text, or the whole message's span where that cannot be known.
    ///
    /// The model keeps no scalar style, so the source is mapped only when the message is on one line and its
    /// width shows how it was written: as wide as the text (plain) or two wider (quoted, no escapes). Anything
    /// else (escapes, folded lines, block scalars) points at the message.
    func span(of range: Range<Int>) -> SourceSpan {
        let span = text.span
        let count = text.value.unicodeScalars.count
        guard span.start.line == span.end.line else { return span }
        let width = span.end.column - span.start.column
        let opening: Int
        switch width {
        case count: opening = 0
        case count + 2: opening = 1
        default: return span
        }
        let lower = min(max(range.lowerBound, 0), count)
        let upper = max(lower, min(range.upperBound, count))
        let column = span.start.column + opening
        return SourceSpan(file: span.file, start: SourcePosition(line: span.start.line, column: column + lower),
                          end: SourcePosition(line: span.start.line, column: column + upper))
    }
}
