import Diagnostics
import PolicyModel

extension TemplateMessage {
    /// The file span of the scalars `range` of the message text, or the whole message's span when its
    /// source could not be read back (the loader maps plain, quoted, escaped, folded and block text).
    func span(of range: Range<Int>) -> SourceSpan {
        sourceMap?.span(of: range) ?? span
    }
}
