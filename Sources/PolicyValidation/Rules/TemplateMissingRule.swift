import Diagnostics
import PolicyModel

/// Every declared locale needs a template file.
struct TemplateMissingRule: Rule {
    static let id = "template-missing"
    static let severity = Severity.error
    static let category = "templates"
    static let summary = "a locale in 'app.locales' has no template file"
    static let checklistItem: String? = "Paywall localized in every declared locale (Play: complete localization)"
    static let explanation = """
        Each locale in 'app.locales' is a language the app ships in, and its paywall text comes from \
        'Templates/<app>/<locale>.yaml'. Without that file users of the locale see another language's \
        prices and terms, which Google Play lists as a violation ("subscription pricing and terms that are \
        incompletely localized"). Add the file, or remove the locale until it ships.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        var seen: Set<String> = []
        return app.policy.app.locales.compactMap { locale in
            guard seen.insert(locale.value).inserted, !app.unreadableLocales.contains(locale.value),
                  !app.hasTemplates(for: locale.value) else { return nil }
            let path = "\(app.templateDirectory)/\(locale.value).yaml"
            return finding("locale '\(locale.value)' has no template file '\(path)'", at: locale.span,
                           help: "create '\(path)' (copy another locale's file and translate it)")
        }
    }

    func evidence(_ app: AppSources) -> String {
        let locales = app.policy.app.locales.map(\.value)
        return "templates for every declared locale: \(locales.joined(separator: ", "))"
    }
}
