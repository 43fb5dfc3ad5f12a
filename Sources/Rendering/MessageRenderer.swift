import Foundation
import MessageFormat

/// Formats a parsed MessageFormat pattern with values, in one locale.
///
/// Patterns are parsed once when templates load; this walks the tree and never parses.
struct MessageRenderer {
    let formats: LocaleFormats

    /// The message's text, or nil when a variable on the path taken has no value (a price not loaded,
    /// no savings to show): the caller then leaves the line out.
    func render(_ pattern: MessagePattern, _ values: (String) -> MessageValue?) -> String? {
        var output = ""
        return append(pattern, values, pound: nil, to: &output) ? output : nil
    }

    /// Appends the pattern's text; `pound` is what `#` prints inside the enclosing plural.
    private func append(_ pattern: MessagePattern, _ values: (String) -> MessageValue?, pound: String?,
                        to output: inout String) -> Bool {
        for part in pattern.parts {
            switch part {
            case .text(let text):
                output += text.value
            case .pound:
                output += pound ?? "#"
            case .argument(let argument):
                guard let value = values(argument.name) else { return false }
                if argument.type == "number", let number = value.number {
                    output += formats.number(number)
                } else {
                    output += value.text
                }
            case .plural(let plural):
                guard let value = values(plural.name) else { return false }
                let selected = select(plural, value)
                let shown = value.number.map { formats.number($0 - Decimal(plural.offset)) } ?? value.text
                guard append(selected, values, pound: shown, to: &output) else { return false }
            case .select(let select):
                guard let value = values(select.name) else { return false }
                let chosen = select.cases.first { $0.key == value.key } ?? select.cases.first { $0.key == "other" }
                guard let chosen, append(chosen.message, values, pound: pound, to: &output) else { return false }
            }
        }
        return true
    }

    /// The case of a plural for a value: an exact `=N` match first, then the category of the value
    /// less the offset, then `other`.
    private func select(_ plural: PluralArgument, _ value: MessageValue) -> MessagePattern {
        let other = plural.cases.first { $0.selector == .keyword("other") }?.message ?? MessagePattern(parts: [])
        guard let number = value.number else { return other }
        if let exact = plural.cases.first(where: {
            if case .exact(let text) = $0.selector { return Decimal(string: text, locale: Self.posix) == number }
            return false
        }) {
            return exact.message
        }
        let shifted = NSDecimalNumber(decimal: number - Decimal(plural.offset)).doubleValue
        let category = formats.pluralCategory(of: shifted, ordinal: plural.ordinal)
        return plural.cases.first { $0.selector == .keyword(category) }?.message ?? other
    }

    private static let posix = Locale(identifier: "en_US_POSIX")
}
