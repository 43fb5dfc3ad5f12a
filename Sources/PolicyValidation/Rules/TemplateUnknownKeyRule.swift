import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Paywall templates may only use known keys, product-type sections and the policy's paywall ids.
struct TemplateUnknownKeyRule: Rule {
    static let id = "template-unknown-key"
    static let severity = Severity.error
    static let category = "templates"
    static let summary = "a paywall template has an unknown key or section, or names a paywall the policy lacks"
    static let explanation = """
        A paywall template holds the lines title, subtitle, disclosure, restore, terms, privacy and \
        price_unavailable, and one section per product type (auto-renewable, non-renewing, non-consumable, \
        consumable) with the lines price, trial, intro and badge. Any other key is never rendered, so a typo \
        silently drops the text it was meant to hold; a template for a paywall the policy does not have is \
        dead text. Fix the key (the message suggests the closest one) or remove it.
        """

    private static let sectionNames = ProductType.allCases.map(\.rawValue)

    func check(_ app: AppSources) -> [Diagnostic] {
        let paywalls = app.policy.paywalls.map(\.id.value)
        let declared = Set(paywalls)
        var findings: [Diagnostic] = []
        for set in app.templates {
            for template in set.paywalls {
                if !declared.contains(template.id.value) {
                    findings.append(finding(
                        "template for unknown paywall '\(template.id.value)'",
                        at: template.id.span,
                        help: Suggestion.didYouMean(template.id.value, in: paywalls)
                            ?? "paywalls of \(app.policy.file): \(paywalls.joined(separator: ", "))"))
                }
                check(template, into: &findings)
            }
        }
        return findings
    }

    /// Entries are read by position, so that only their keys are read, not whole messages copied.
    private func check(_ template: PaywallTemplate, into findings: inout [Diagnostic]) {
        let id = template.id.value
        let entries = template.entries
        for index in entries.indices where !PaywallTemplate.messageKeys.contains(entries[index].key.value) {
            let entry = entries[index]
            let key = entry.key.value
            let help = Self.sectionNames.contains(key)
                ? "'\(key)' is a product-type section: write its lines under it ('\(key): { price: … }')"
                : Suggestion.didYouMean(key, in: PaywallTemplate.messageKeys + Self.sectionNames)
                    ?? "known keys: \((PaywallTemplate.messageKeys + Self.sectionNames).joined(separator: ", "))"
            findings.append(finding("unknown key '\(key)' in paywall '\(id)'", at: entry.key.span, help: help))
        }
        for section in template.sections {
            let name = section.name.value
            guard Self.sectionNames.contains(name) else {
                let help = PaywallTemplate.messageKeys.contains(name)
                    ? "'\(name)' is a single message, not a mapping: write '\(name): <text>'"
                    : Suggestion.didYouMean(name, in: Self.sectionNames + PaywallTemplate.messageKeys)
                        ?? "sections are named by product type: \(Self.sectionNames.joined(separator: ", "))"
                findings.append(finding("unknown section '\(name)' in paywall '\(id)'", at: section.name.span,
                                        help: help))
                continue
            }
            let lines = section.entries
            for index in lines.indices where !PaywallTemplate.sectionKeys.contains(lines[index].key.value) {
                let entry = lines[index]
                findings.append(finding(
                    "unknown key '\(entry.key.value)' in '\(name)' of paywall '\(id)'", at: entry.key.span,
                    help: Suggestion.didYouMean(entry.key.value, in: PaywallTemplate.sectionKeys)
                        ?? "known keys: \(PaywallTemplate.sectionKeys.joined(separator: ", "))"))
            }
        }
    }
}
