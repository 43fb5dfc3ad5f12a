import Diagnostics
import PolicyModel

/// A template file's `locale:` must be the locale its file name stands for.
struct TemplateLocaleMismatchRule: Rule {
    static let id = "template-locale-mismatch"
    static let severity = Severity.error
    static let category = "templates"
    static let summary = "a template file's 'locale:' differs from its file name"
    static let explanation = """
        Template files are found by name ('Templates/<app>/ko.yaml' holds Korean) and say their locale \
        again in 'locale:'. When the two differ, usually after copying a file to start a translation, one of \
        them is wrong and the paywall would show one language's text to another. Make 'locale:' match the \
        file name, or rename the file.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        app.templates.filter { $0.locale.value != $0.fileLocale }.map { set in
            finding("locale '\(set.locale.value)' does not match the file name '\(set.fileName)'",
                    at: set.locale.span,
                    help: "write 'locale: \(set.fileLocale)', or rename the file to '\(set.locale.value).yaml'")
        }
    }
}
