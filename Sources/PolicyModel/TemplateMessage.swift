package import Diagnostics
package import MessageFormat

/// A template message: its text, where it was written, and what its MessageFormat pattern uses, worked out
/// once at load.
///
/// A file holds tens of thousands of messages, so a message is kept small. Text written verbatim (plain,
/// or quoted without escapes, on one line: nearly all) is read in place from the file's bytes, which are
/// kept anyway to place findings; only other text is stored as a string of its own. The parsed pattern is
/// not kept: the loader parses each message once and keeps what the rules ask of every message (does it
/// parse, which variables, any plural or select); `pattern` parses again for the few that need more.
package struct TemplateMessage: Hashable, Sendable {
    private let storage: Storage
    private let style: ScalarStyle
    /// Where the message's scalar was written.
    package let span: SourceSpan
    private let summary: Summary

    /// The message `text`, read from a scalar whose characters `source` can read back (nil when unknown).
    package init(text: Located<String>, source: ScalarSource?) {
        span = text.span
        style = source?.style ?? .plain
        summary = Summary(text.value)
        if let source, let range = Self.verbatimRange(of: text, in: source) {
            storage = .written(source.text, start: UInt32(range.lowerBound), count: UInt32(range.count))
        } else {
            storage = .decoded(text.value, source?.text)
        }
    }

    /// The message's text and span.
    package var text: Located<String> {
        switch storage {
        case .written: Located(withUTF8 { String(decoding: $0, as: UTF8.self) }, at: span)
        case .decoded(let text, _): Located(text, at: span)
        }
    }

    /// Calls `body` with the text's UTF-8, read in place.
    package func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch storage {
        case .written(let file, let start, let count):
            return file.withBytes(Int(start)..<Int(start + count), body)
        case .decoded(var text, _):
            return text.withUTF8(body)
        }
    }

    /// Whether the text is valid MessageFormat.
    package var parses: Bool { summary.parses }

    /// The message's MessageFormat pattern, or why it does not parse; parsed on each use.
    package var pattern: Result<MessagePattern, MessageSyntaxError> {
        Result { () throws(MessageSyntaxError) in try MessageParser.parse(text.value) }
    }

    /// The names of the variables the message uses, or none when it does not parse; parsed on each use.
    package var variableNames: Set<String> {
        guard summary.usesVariables, case .success(let pattern) = pattern else { return [] }
        return Set(pattern.variables.map(\.name))
    }

    /// Whether the message parses and uses `variable`.
    package func uses(_ variable: TemplateVariable) -> Bool { summary.variables & variable.bit != 0 }

    /// Whether the message parses and uses any variable.
    package var usesVariables: Bool { summary.usesVariables }

    /// Whether the message parses and uses a variable that is not a `TemplateVariable`.
    package var usesUnknownVariables: Bool { summary.usesUnknownVariables }

    /// Whether the message parses and has a plural, selectordinal or select argument.
    package var hasChoices: Bool { summary.hasChoices }

    /// Where the text was written, kept to place a finding inside it.
    package var source: ScalarSource? {
        switch storage {
        case .written(let file, _, _): ScalarSource(text: file, style: style)
        case .decoded(_, let file): file.map { ScalarSource(text: $0, style: style) }
        }
    }

    /// Where each character of the text was written in the file, when its source can be read back; built
    /// on each use, which only a finding inside the message makes.
    package var sourceMap: SourceMap? { source?.sourceMap(of: text.value, at: span) }

    /// Two messages are equal when their texts are and they were read the same way from the same file.
    package static func == (lhs: TemplateMessage, rhs: TemplateMessage) -> Bool {
        lhs.source == rhs.source && lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The bytes of `source`'s file that are exactly `text`, when it was written on one line without quotes,
    /// or in quotes without escapes.
    private static func verbatimRange(of text: Located<String>, in source: ScalarSource) -> Range<Int>? {
        let span = text.span
        let quotes: Int
        switch source.style {
        case .plain: quotes = 0
        case .singleQuoted, .doubleQuoted: quotes = 1
        case .literal, .folded: return nil
        }
        guard span.fileID == source.text.fileID, span.start.line == span.end.line,
              let start = source.text.offset(of: span.start), let end = source.text.offset(of: span.end),
              end - start >= 2 * quotes, end <= Int(UInt32.max) else { return nil }
        let range = (start + quotes)..<(end - quotes)
        var value = text.value
        let same = value.withUTF8 { value in source.text.withBytes(range) { $0.elementsEqual(value) } }
        return same ? range : nil
    }

    /// Where the text is.
    private enum Storage: Sendable {
        /// The bytes `start..<start + count` of the file.
        case written(SourceText, start: UInt32, count: UInt32)
        /// Text decoded from what was written (escapes, folded lines, block indentation), and the file if known.
        case decoded(String, SourceText?)
    }

    /// What the rules ask of every message, from its pattern.
    private struct Summary: Sendable {
        var parses = false
        /// The `TemplateVariable`s used, one bit each.
        var variables: UInt16 = 0
        var usesVariables = false
        var usesUnknownVariables = false
        var hasChoices = false

        init(_ text: String) {
            if MessageParser.isPlainText(text) {
                parses = true
                return
            }
            guard let pattern = try? MessageParser.parse(text) else { return }
            parses = true
            for use in pattern.variables {
                usesVariables = true
                if let variable = TemplateVariable(rawValue: use.name) {
                    variables |= variable.bit
                } else {
                    usesUnknownVariables = true
                }
            }
            hasChoices = pattern.parts.contains { part in
                switch part {
                case .plural, .select: true
                case .text, .argument, .pound: false
                }
            }
        }
    }
}

extension TemplateVariable {
    /// The variable's bit in a message's summary.
    fileprivate var bit: UInt16 { 1 << UInt16(Self.allCases.firstIndex(of: self) ?? 0) }
}
