package import PolicyModel
import Foundation

/// The templates a render uses for a requested locale, found by fallback, and the locale numbers use.
package struct LocaleResolution: Sendable {
    /// The locale asked for, as given.
    package var requested: String
    /// The template file chosen.
    package var templates: TemplateSet
    /// The app's default-locale templates, for keys the chosen file lacks.
    package var defaults: TemplateSet?
    /// The locale numbers, prices and units are written for: the requested locale when the templates
    /// are in its language (`de-CH` formats Swiss numbers with `de` text), else the templates' locale.
    package var formatLocale: String
    /// Each fallback taken, in words.
    package var warnings: [String]
}

extension LocaleResolution {
    /// Finds the templates for `requested` with the fallback `ko-KR` → `ko` → the app's default locale,
    /// among the files that have the paywall. Nil when not even the default locale has it.
    package init?(requested: String, paywall: String, sources: AppSources) {
        let tag = requested.replacingOccurrences(of: "_", with: "-")
        let available = sources.templates.filter { $0.paywall(paywall) != nil }
        func templates(_ locale: String) -> TemplateSet? {
            available.first { $0.locale.value.lowercased() == locale.lowercased() }
        }
        let defaultLocale = sources.policy.app.defaultLocale.value
        var candidates: [String] = []
        var subtags = tag.split(separator: "-").map(String.init)
        while !subtags.isEmpty {
            candidates.append(subtags.joined(separator: "-"))
            subtags.removeLast()
        }
        candidates.append(defaultLocale)
        var missing: [String] = []
        for candidate in candidates {
            guard let found = templates(candidate) else {
                missing.append("'\(candidate)'")
                continue
            }
            let warnings = missing.isEmpty ? [] : [
                "locale '\(requested)' falls back to '\(found.locale.value)': no '\(paywall)' templates for "
                    + missing.joined(separator: " or "),
            ]
            let language = { (locale: String) in locale.split(separator: "-").first?.lowercased() }
            self.init(requested: requested, templates: found,
                      defaults: templates(defaultLocale),
                      formatLocale: language(tag) == language(found.locale.value) ? tag : found.locale.value,
                      warnings: warnings)
            return
        }
        return nil
    }
}
