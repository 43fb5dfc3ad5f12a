package import Diagnostics
package import PolicyModel

/// Runs the ordered table of rules over an app and builds its report and review checklist.
package struct Validator: Sendable {
    package let rules: [any Rule]

    /// The rules of each provider in turn, each built with what it needs from `context`; by default the
    /// standard rules alone.
    package init(context: ValidationContext, providers: [any RuleProvider] = [StandardRules()]) {
        rules = providers.flatMap { $0.rules(context) }
    }

    /// Checks `app`, drops findings of rules it waives, and fills in the review checklist.
    ///
    /// Rules read the app and nothing else, so they run on every core; their findings are gathered in table order.
    package func validate(_ app: AppSources) -> AppReport {
        var diagnostics: [Diagnostic] = []
        var checklist: [ChecklistEntry] = []
        let found = rules.concurrentMap { $0.check(app) }
        for (rule, findings) in zip(rules, found) {
            let type = type(of: rule)
            let waiver = type.id == WaiveNeedsReasonRule.id ? nil : app.policy.review.waiver(for: type.id)
            if waiver == nil { diagnostics += findings }
            if let item = type.checklistItem {
                checklist.append(entry(item, rule: rule, findings: findings, waiver: waiver, app: app))
            }
        }
        return AppReport(app: app.policy.app.id.value, file: app.policy.file,
                         diagnostics: diagnostics.sorted(by: Diagnostic.sourceOrder), checklist: checklist)
    }

    private func entry(_ item: String, rule: any Rule, findings: [Diagnostic], waiver: Waiver?,
                       app: AppSources) -> ChecklistEntry {
        let id = type(of: rule).id
        if let waiver {
            return ChecklistEntry(item: item, rule: id, status: .waived, evidence: "waived: \(waiver.reason.value)")
        }
        guard let first = findings.first else {
            return ChecklistEntry(item: item, rule: id, status: .pass, evidence: rule.evidence(app))
        }
        let more = findings.count > 1 ? " (and \(findings.count - 1) more)" : ""
        let status: ChecklistStatus = findings.allSatisfy { $0.severity == .error } ? .fail : .manual
        return ChecklistEntry(item: item, rule: id, status: status,
                              evidence: "\(first.span.file):\(first.span.start.line): \(first.message)\(more)")
    }
}
