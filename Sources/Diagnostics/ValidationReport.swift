/// What a rule is, for `explain`, docs/rules.md and report metadata.
package struct RuleDescriptor: Hashable, Sendable {
    package var id: String
    package var severity: Severity
    /// The section of the policy the rule is about: references, products, groups, features, paywalls, templates, review.
    package var category: String
    /// One line: what the rule checks.
    package var summary: String
    /// Why it matters and how to fix a finding, for `tollgate explain`.
    package var explanation: String
    /// The App Store review checklist item this rule decides, if it is a review rule.
    package var checklistItem: String?

    package init(
        id: String, severity: Severity, category: String, summary: String, explanation: String,
        checklistItem: String? = nil
    ) {
        self.id = id
        self.severity = severity
        self.category = category
        self.summary = summary
        self.explanation = explanation
        self.checklistItem = checklistItem
    }
}

/// The state of one item of an app's App Store review checklist.
package enum ChecklistStatus: String, Hashable, Sendable, Codable {
    case pass
    case fail
    case waived
    case manual
}

/// One row of the review checklist: an item, its status and the evidence for it.
package struct ChecklistEntry: Hashable, Sendable {
    package var item: String
    package var rule: String
    package var status: ChecklistStatus
    package var evidence: String

    package init(item: String, rule: String, status: ChecklistStatus, evidence: String) {
        self.item = item
        self.rule = rule
        self.status = status
        self.evidence = evidence
    }
}

/// The findings and the review checklist of one app (one policy file and its templates).
package struct AppReport: Hashable, Sendable {
    package var app: String
    package var file: String
    package var diagnostics: [Diagnostic]
    package var checklist: [ChecklistEntry]

    package init(app: String, file: String, diagnostics: [Diagnostic], checklist: [ChecklistEntry]) {
        self.app = app
        self.file = file
        self.diagnostics = diagnostics
        self.checklist = checklist
    }
}

/// Everything one `tollgate validate` run found, the input of every report format.
package struct ValidationReport: Hashable, Sendable {
    package var apps: [AppReport]
    package var rules: [RuleDescriptor]
    package var toolVersion: String

    package init(apps: [AppReport], rules: [RuleDescriptor], toolVersion: String) {
        self.apps = apps
        self.rules = rules
        self.toolVersion = toolVersion
    }

    /// Every finding of every app, in source order.
    package var diagnostics: [Diagnostic] {
        apps.flatMap(\.diagnostics).sorted(by: Diagnostic.sourceOrder)
    }

    package func count(_ severity: Severity) -> Int {
        apps.reduce(0) { $0 + $1.diagnostics.count { $0.severity == severity } }
    }
}
