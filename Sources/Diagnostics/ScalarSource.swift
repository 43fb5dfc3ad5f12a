/// How a YAML scalar was written; only plain scalars are subject to YAML 1.1's implicit typing.
package enum ScalarStyle: UInt8, Hashable, Sendable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// How to read a scalar value's characters back out of its file, kept so that its source map is built only
/// when a finding points inside the value: the file's shared text and the scalar's style, without copying
/// either. The value's own span says where it was written.
///
/// Two sources are equal when they read the same file in the same style: the map is a function of those and
/// of the value and its span, which their owner compares.
package struct ScalarSource: Hashable, Sendable {
    package let text: SourceText
    package let style: ScalarStyle

    package init(text: SourceText, style: ScalarStyle) {
        self.text = text
        self.style = style
    }

    /// Where each character of `value`, the decoded text of the scalar written at `span`, was written, through
    /// quotes, escapes, folded lines and block indentation; nil when its source cannot be read back to the value.
    package func sourceMap(of value: String, at span: SourceSpan) -> SourceMap? {
        guard span.fileID == text.fileID, span.start.line >= 1, span.start.line <= text.lineCount else { return nil }
        var reader = ScalarSourceReader(lines: text.lines(span.start.line...max(span.start.line, span.end.line)),
                                        fileID: span.fileID)
        let decoded: Bool
        switch style {
        case .plain: decoded = reader.flow(from: span.start, to: span.end, quote: nil)
        case .singleQuoted: decoded = reader.flow(from: span.start, to: span.end, quote: "'")
        case .doubleQuoted: decoded = reader.flow(from: span.start, to: span.end, quote: "\"")
        case .literal: decoded = reader.block(from: span.start, to: span.end, folded: false)
        case .folded: decoded = reader.block(from: span.start, to: span.end, folded: true)
        }
        guard decoded else { return nil }
        let isBlock = style == .literal || style == .folded
        return reader.map(matching: Array(value.unicodeScalars), trailingBreaksAllowed: isBlock)
    }

    package static func == (lhs: ScalarSource, rhs: ScalarSource) -> Bool {
        lhs.text.fileID == rhs.text.fileID && lhs.style == rhs.style
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(text.fileID)
        hasher.combine(style)
    }
}
