import Foundation
import MessageFormat
import PolicyModel

/// A parsed template message made ready to render, once per policy load: each variable name resolved to
/// its `TemplateVariable` and each `=N` plural selector to its number, so a render neither parses nor
/// compares names.
struct CompiledMessage: Sendable {
    /// One piece of the message, as `MessagePart` with names resolved.
    enum Part: Sendable {
        case text(String)
        case pound
        /// `{name}`, or `{name, number}` when `number`; a nil variable is a name no product has.
        case argument(TemplateVariable?, number: Bool)
        case plural(Plural)
        case select(Select)
    }

    /// `{name, plural, …}` or `{name, selectordinal, …}`.
    struct Plural: Sendable {
        var variable: TemplateVariable?
        var ordinal: Bool
        var offset: Int
        /// The `=N` cases in source order; a nil number never matches.
        var exact: [(number: Decimal?, message: CompiledMessage)]
        /// The keyword cases in source order.
        var keywords: [(keyword: String, message: CompiledMessage)]
        /// The first `other` case, or an empty message.
        var other: CompiledMessage
    }

    /// `{name, select, …}`.
    struct Select: Sendable {
        var variable: TemplateVariable?
        var cases: [(key: String, message: CompiledMessage)]
        /// The first `other` case, nil when there is none.
        var other: CompiledMessage?
    }

    var parts: [Part]
    /// The whole text when the message has no arguments (a single literal, or nothing).
    var constant: String?
    /// A capacity the rendered text usually fits in: the literal text's bytes and room for each argument.
    var capacity: Int
    /// Whether the message is only literal text and plain `{name}` arguments, the common case, which a
    /// render copies into a string of the exact length.
    var isFlat: Bool

    init(_ pattern: MessagePattern) {
        let parts = pattern.parts.map { part -> Part in
            switch part {
            case .text(let text):
                .text(text.value)
            case .pound:
                .pound
            case .argument(let argument):
                .argument(TemplateVariable(rawValue: argument.name), number: argument.type == "number")
            case .plural(let plural):
                .plural(Plural(
                    variable: TemplateVariable(rawValue: plural.name), ordinal: plural.ordinal, offset: plural.offset,
                    exact: plural.cases.compactMap { item in
                        guard case .exact(let text) = item.selector else { return nil }
                        return (Decimal(string: text, locale: Self.posix), CompiledMessage(item.message))
                    },
                    keywords: plural.cases.compactMap { item in
                        guard case .keyword(let keyword) = item.selector else { return nil }
                        return (keyword, CompiledMessage(item.message))
                    },
                    other: CompiledMessage(plural.cases.first { $0.selector == .keyword("other") }?.message
                        ?? MessagePattern(parts: []))))
            case .select(let select):
                .select(Select(
                    variable: TemplateVariable(rawValue: select.name),
                    cases: select.cases.map { ($0.key, CompiledMessage($0.message)) },
                    other: select.cases.first { $0.key == "other" }.map { CompiledMessage($0.message) }))
            }
        }
        self.parts = parts
        switch parts.first {
        case nil: constant = ""
        case .text(let text)? where parts.count == 1: constant = text
        default: constant = nil
        }
        isFlat = parts.allSatisfy { part in
            switch part {
            case .text, .argument(_, number: false): true
            default: false
            }
        }
        capacity = parts.reduce(0) { total, part in
            if case .text(let text) = part { return total + text.utf8.count }
            return total + 32
        }
    }

    private static let posix = Locale(identifier: "en_US_POSIX")
}
