import Foundation
import PolicyLoader
import PolicyModel

extension TemplateSet {
    /// This set written back as a template file.
    ///
    /// With `padding` > 0, each paywall message that uses a variable becomes
    /// `{v, select, padding {…} other {message}}` on its first variable `v`, the `padding` case holding
    /// about `padding` bytes of MessageFormat text (arguments and plurals): the parser reads all of it,
    /// a renderer that walks the parsed pattern never visits it, so rendered lines stay the same.
    func yaml(padding: Int) -> String {
        let chunk = "{product_title} at {price} per {period}: {period_count, plural, one {# month} other {# months}}. "
        let branch = String(repeating: chunk, count: padding == 0 ? 0 : padding / chunk.utf8.count + 1)
        func message(_ entry: TemplateEntry) -> String {
            let text = entry.message.text.value
            guard padding > 0, let variable = entry.message.variableNames.min() else { return text }
            return "{\(variable), select, padding {\(branch)} other {\(text)}}"
        }
        var lines = ["format: \(TemplateLoader.format)", "locale: \(Self.quoted(locale.value))"]
        for (name, entries) in [("tiers", tiers), ("features", features), ("products", products)] where !entries.isEmpty {
            lines.append("\(name):")
            lines += entries.map { "  \(Self.quoted($0.key.value)): \(Self.quoted($0.message.text.value))" }
        }
        if !paywalls.isEmpty { lines.append("paywalls:") }
        for paywall in paywalls {
            lines.append("  \(Self.quoted(paywall.id.value)):")
            lines += paywall.entries.map { "    \(Self.quoted($0.key.value)): \(Self.quoted(message($0)))" }
            for section in paywall.sections {
                lines.append("    \(Self.quoted(section.name.value)):")
                lines += section.entries.map { "      \(Self.quoted($0.key.value)): \(Self.quoted(message($0)))" }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML double-quoted scalar.
    private static func quoted(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(escaped)\""
    }
}
