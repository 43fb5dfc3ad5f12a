import Diagnostics
import PolicyModel

/// A waived rule must say why, so the next reviewer of the file can judge it.
struct WaiveNeedsReasonRule: Rule {
    static let id = "waive-needs-reason"
    static let severity = Severity.error
    static let category = "review"
    static let summary = "a waiver gives no reason or names no known rule"
    static let explanation = """
        'review.waive' switches a rule off for one app, which is sometimes right ("ja ships next \
        release"). A waiver without a reason, or for a rule id that does not exist, hides a finding \
        nobody can judge later. Write the rule's id and a reason in words.
        """

    /// The id of every rule a waiver may name; nil: the standard rules.
    let ruleIDs: [String]?

    func check(_ app: AppSources) -> [Diagnostic] {
        let known = ruleIDs ?? StandardRules.ruleTypes.map { $0.id }
        return app.policy.review.waivers.flatMap { waiver -> [Diagnostic] in
            if !known.contains(waiver.rule.value) {
                return [finding("waiver names unknown rule '\(waiver.rule.value)'", at: waiver.rule.span,
                                help: Suggestion.didYouMean(waiver.rule.value, in: known)
                                    ?? "run 'tollgate explain --all' for the rule ids")]
            }
            if waiver.reason.value.allSatisfy(\.isWhitespace) {
                return [finding("waiver of '\(waiver.rule.value)' gives no reason", at: waiver.reason.span,
                                help: "write why, e.g. '\(waiver.rule.value): \"ja ships next release\"'")]
            }
            return []
        }
    }
}
