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
        var declared = DeclaredIDs(app.policy.features.map(\.id.value))
        var findings: [Diagnostic] = []
        for set in app.templates {
            let entries = set.features
            for index in entries.indices where !declared.contains(entries[index].key.value, at: index) {
                let entry = entries[index]
                findings.append(finding(
                    "template '\(set.locale.value)' titles unknown feature '\(entry.key.value)'", at: entry.key.span,
                    help: Suggestion.didYouMean(entry.key.value, in: app.policy.features.map(\.id.value))
                        ?? "declare it under 'features:' or remove the line"))
            }
        }
        return findings
    }
}
