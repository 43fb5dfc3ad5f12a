import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Every locale's template must have each paywall's required lines for the products it shows.
struct TemplateMissingKeyRule: Rule {
    static let id = "template-missing-key"
    static let severity = Severity.error
    static let category = "templates"
    static let summary = "a template lacks a paywall, or a line that paywall's products need"
    static let explanation = """
        Each template file must give every paywall of the policy its title, restore, terms, privacy and \
        price_unavailable lines, a section with a 'price' line for each product type the paywall shows \
        (auto-renewable, non-renewing, non-consumable, consumable), the auto-renewal 'disclosure' when it \
        shows subscriptions, a 'trial' line when a product has a free trial and an 'intro' line when one \
        has a paid introductory offer. A missing line would leave the paywall blank or incomplete in that \
        language. Add the line the message names.
        """

    /// Lines every paywall template needs.
    static let requiredKeys = ["title", "restore", "terms", "privacy", "price_unavailable"]

    func check(_ app: AppSources) -> [Diagnostic] {
        app.templates.flatMap { set in
            app.policy.paywalls.flatMap { paywall in check(set, paywall, app.policy) }
        }
    }

    private func check(_ set: TemplateSet, _ paywall: Paywall, _ policy: Policy) -> [Diagnostic] {
        let id = paywall.id.value
        let products = policy.products(on: paywall)
        let types = policy.productTypes(on: paywall)
        var keys = Self.requiredKeys
        if types.contains(.autoRenewable) {
            keys.insert("disclosure", at: 1)
        }
        guard let template = set.paywall(id) else {
            return [finding("locale '\(set.locale.value)' has no template for paywall '\(id)'",
                            at: .wholeFile(set.file),
                            help: "add '\(id):' under 'paywalls:' with \((keys + types.map(\.rawValue)).joinedAsProse())")]
        }
        var findings: [Diagnostic] = []
        let missing = keys.filter { template.entry($0) == nil }.map { "'\($0)'" }
        if !missing.isEmpty {
            findings.append(finding(
                "paywall '\(id)' has no \(missing.joinedAsProse()) line\(missing.count == 1 ? "" : "s")",
                at: template.id.span, help: "add \(missing.joinedAsProse()) under 'paywalls: \(id):' in \(set.fileName)"))
        }
        for type in types {
            let shown = products.filter { $0.type.value == type }
            var needed = [(key: "price", help: "add 'price: \"{price}\"'")]
            if let trial = shown.first(where: { $0.introOffer?.type.value == .freeTrial }) {
                needed.append(("trial", "'\(trial.id.value)' has a free trial: add "
                    + "'trial: \"{trial_period} free, then {price} / {period}\"'"))
            }
            if let intro = shown.first(where: { ($0.introOffer?.type.value).map { $0 != .freeTrial } ?? false }) {
                needed.append(("intro", "'\(intro.id.value)' has an introductory price: add "
                    + "'intro: \"{intro_price} for {trial_period}, then {price} / {period}\"'"))
            }
            guard let section = template.section(type.rawValue) else {
                let lines = needed.map { "\($0.key): …" }.joined(separator: ", ")
                findings.append(finding(
                    "paywall '\(id)' shows \(type.rawValue) products but has no '\(type.rawValue)' section",
                    at: template.id.span, help: "add '\(type.rawValue): { \(lines) }'"))
                continue
            }
            findings += needed.filter { section.entry($0.key) == nil }.map { line in
                finding("'\(type.rawValue)' of paywall '\(id)' has no '\(line.key)' line", at: section.name.span,
                        help: line.help)
            }
        }
        return findings
    }
}
