import Foundation
import PolicyModel

/// Formats a compiled template message with a product's values, in one locale.
///
/// Messages are parsed when templates load and compiled when the renderer is prepared; this walks the
/// compiled parts and never parses.
struct MessageRenderer {
    let formats: LocaleFormats

    /// The message's text, or nil when a variable on the path taken has no value (a price not loaded,
    /// no savings to show, or no product at all for a line such as `restore`): the caller then leaves
    /// the line out.
    func render(_ message: CompiledMessage, _ values: ProductVariables?) -> String? {
        var output = ""
        return append(message, values, pound: nil, to: &output) ? output : nil
    }

    /// Appends the message's text; `pound` is what `#` prints inside the enclosing plural.
    private func append(_ message: CompiledMessage, _ values: ProductVariables?, pound: String?,
                        to output: inout String) -> Bool {
        for part in message.parts {
            switch part {
            case .text(let text):
                output += text
            case .pound:
                output += pound ?? "#"
            case .argument(let variable, let isNumber):
                guard let value = value(variable, values) else { return false }
                if isNumber, let number = value.number {
                    output += formats.number(number)
                } else {
                    output += value.text
                }
            case .plural(let plural):
                guard let value = value(plural.variable, values) else { return false }
                let selected = select(plural, value)
                let shown = value.number.map { formats.number($0 - Decimal(plural.offset)) } ?? value.text
                guard append(selected, values, pound: shown, to: &output) else { return false }
            case .select(let select):
                guard let value = value(select.variable, values) else { return false }
                let key = value.key
                guard let chosen = select.cases.first(where: { $0.key == key })?.message ?? select.other,
                      append(chosen, values, pound: pound, to: &output) else { return false }
            }
        }
        return true
    }

    private func value(_ variable: TemplateVariable?, _ values: ProductVariables?) -> MessageValue? {
        guard let variable, let values else { return nil }
        return values.value(variable)
    }

    /// The case of a plural for a value: an exact `=N` match first, then the category of the value
    /// less the offset, then `other`.
    private func select(_ plural: CompiledMessage.Plural, _ value: MessageValue) -> CompiledMessage {
        guard let number = value.number else { return plural.other }
        if let exact = plural.exact.first(where: { $0.number == number }) {
            return exact.message
        }
        let shifted = NSDecimalNumber(decimal: number - Decimal(plural.offset)).doubleValue
        let category = formats.pluralCategory(of: shifted, ordinal: plural.ordinal)
        return plural.keywords.first { $0.keyword == category }?.message ?? plural.other
    }
}
