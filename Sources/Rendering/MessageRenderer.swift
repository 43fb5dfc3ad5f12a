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
    /// the line out. Kept out of line, so that profiles count one call per line rendered.
    @inline(never)
    func render(_ message: CompiledMessage, _ values: ProductVariables?) -> String? {
        if let constant = message.constant { return constant }
        if message.isFlat { return flat(message, values) }
        var output = ""
        output.reserveCapacity(message.capacity)
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

    /// A message of literal text and plain arguments, built at its exact length: a short line is copied
    /// into a new string in one go (which then checks its UTF-8 once), a long one, where that check would
    /// cost more than the appends, is appended piece by piece into a string reserved at that length.
    private func flat(_ message: CompiledMessage, _ values: ProductVariables?) -> String? {
        var length = 0
        for part in message.parts {
            switch part {
            case .text(let text):
                length += text.utf8.count
            case .argument(let variable, _):
                guard let value = value(variable, values) else { return nil }
                length += value.text.utf8.count
            case .pound, .plural, .select:
                return nil
            }
        }
        guard length <= Self.copiedLength else {
            var output = ""
            output.reserveCapacity(length)
            for part in message.parts {
                switch part {
                case .text(let text): output += text
                case .argument(let variable, _): output += value(variable, values)?.text ?? ""
                case .pound, .plural, .select: break
                }
            }
            return output
        }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var offset = 0
            for part in message.parts {
                switch part {
                case .text(let text):
                    offset = copy(text, into: buffer, at: offset)
                case .argument(let variable, _):
                    offset = copy(value(variable, values)?.text ?? "", into: buffer, at: offset)
                case .pound, .plural, .select:
                    break
                }
            }
            return offset
        }
    }

    /// The longest line copied in one go; measured with callgrind, checking UTF-8 costs about as much per
    /// 40 bytes as one append.
    private static let copiedLength = 160

    /// Copies the UTF-8 bytes of `text` into `buffer` at `offset`, returning the offset past them.
    private func copy(_ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            let count = min(bytes.count, buffer.count - offset)
            guard count > 0, let source = bytes.baseAddress, let target = buffer.baseAddress else { return offset }
            (target + offset).initialize(from: source, count: count)
            return offset + count
        }
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
