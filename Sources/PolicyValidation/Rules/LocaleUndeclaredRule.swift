import Diagnostics
import PolicyModel

/// Every template file's locale, and the default locale, must be listed in `app.locales`.
struct LocaleUndeclaredRule: Rule {
    static let id = "locale-undeclared"
    static let severity = Severity.error
    static let category = "templates"
    static let summary = "a template file or the default locale names a locale missing from 'app.locales'"
    static let explanation = """
        'app.locales' is the list of languages the app ships, and the checklist checks the paywall is \
        complete in each. A template file for a locale that is not listed is never checked for \
        completeness, and a default locale that is not listed leaves fallback text unchecked. Add the locale \
        to 'app.locales', or delete the stray template file.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let info = app.policy.app
        let declared = info.locales.map(\.value)
        var findings: [Diagnostic] = []
        if !declared.contains(info.defaultLocale.value) {
            findings.append(finding(
                "default locale '\(info.defaultLocale.value)' is not in 'app.locales'", at: info.defaultLocale.span,
                help: Suggestion.didYouMean(info.defaultLocale.value, in: declared)
                    ?? "add '\(info.defaultLocale.value)' to 'app.locales'"))
        }
        // A file whose `locale:` differs from its name is template-locale-mismatch's finding.
        for set in app.templates where set.locale.value == set.fileLocale && !declared.contains(set.locale.value) {
            findings.append(finding(
                "template locale '\(set.locale.value)' is not in 'app.locales'", at: set.locale.span,
                help: "add '\(set.locale.value)' to 'app.locales' in \(app.policy.file), or delete \(set.file)"))
        }
        return findings
    }
}
