import Diagnostics
import PolicyModel

/// Template feature titles must name features declared under `features:`.
struct UnknownFeatureRule: Rule {
    static let id = "unknown-feature"
    static let severity = Severity.error
    static let category = "references"
    static let summary = "a template titles a feature that is not declared"
    static let explanation = """
        Template files title features under 'features:' by feature id; paywalls list those titles as what a \
        purchase unlocks. An id that matches no feature is a typo or a feature that was renamed, and its \
        translation is never shown. Fix the id (the message suggests the closest one) or remove the line.
        """

    func check(_ app: AppSources) -> [Diagnostic] {
        let known = app.policy.features.map(\.id.value)
        let declared = Set(known)
        return app.templates.flatMap { set in
            set.features.filter { !declared.contains($0.key.value) }.map { entry in
                finding("template '\(set.locale.value)' titles unknown feature '\(entry.key.value)'",
                        at: entry.key.span,
                        help: Suggestion.didYouMean(entry.key.value, in: known)
                            ?? "declare it under 'features:' or remove the line")
            }
        }
    }
}
