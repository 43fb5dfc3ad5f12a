package import Diagnostics
package import PolicyModel

/// A stateless check of one app's policy and templates.
///
/// Each rule lives in `Rules/<Name>Rule.swift` with a stable kebab-case `id`, a severity, a one-line
/// summary and an explanation for `tollgate explain`.
package protocol Rule: Sendable {
    static var id: String { get }
    static var severity: Severity { get }
    /// The policy section the rule is about: references, products, groups, features, paywalls, templates, review.
    static var category: String { get }
    static var summary: String { get }
    static var explanation: String { get }
    /// The App Store review checklist item the rule decides, for review rules.
    static var checklistItem: String? { get }

    func check(_ app: AppSources) -> [Diagnostic]
    /// What a passing checklist row shows as evidence.
    func evidence(_ app: AppSources) -> String
}

extension Rule {
    package static var checklistItem: String? { nil }

    package func evidence(_ app: AppSources) -> String { Self.summary }

    package static var descriptor: RuleDescriptor {
        RuleDescriptor(id: id, severity: severity, category: category, summary: summary, explanation: explanation,
                       checklistItem: checklistItem)
    }

    /// A finding of this rule at `span`.
    package func finding(_ message: String, at span: SourceSpan, help: String? = nil,
                 related: [Diagnostic.Related] = []) -> Diagnostic {
        Diagnostic(rule: Self.id, severity: Self.severity, message: message, span: span, help: help, related: related)
    }
}
