import MessageFormat

/// A compact one-line rendering of a pattern's structure, without ranges, for table-driven tests.
///
/// Text is `"…"`, a placeholder `{name type 'style'}`, a plural `{n plural offset:1 =0[…] other[…]}`,
/// a select `{g select female[…] other[…]}` and a pound `#`; parts are separated by spaces.
func dump(_ pattern: MessagePattern) -> String {
    pattern.parts.map(dump).joined(separator: " ")
}

private func dump(_ part: MessagePart) -> String {
    switch part {
    case .text(let text):
        return "\"\(text.value)\""
    case .pound:
        return "#"
    case .argument(let argument):
        let words = [argument.name, argument.type, argument.style.map { "'\($0)'" }].compactMap { $0 }
        return "{\(words.joined(separator: " "))}"
    case .plural(let plural):
        var words = [plural.name, plural.ordinal ? "selectordinal" : "plural"]
        if plural.offset != 0 {
            words.append("offset:\(plural.offset)")
        }
        for pluralCase in plural.cases {
            let selector =
                switch pluralCase.selector {
                case .exact(let number): "=\(number)"
                case .keyword(let keyword): keyword
                }
            words.append("\(selector)[\(dump(pluralCase.message))]")
        }
        return "{\(words.joined(separator: " "))}"
    case .select(let select):
        let cases = select.cases.map { "\($0.key)[\(dump($0.message))]" }
        return "{\(([select.name, "select"] + cases).joined(separator: " "))}"
    }
}
