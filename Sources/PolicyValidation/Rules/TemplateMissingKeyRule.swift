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
        let products = app.policy.products
        let positions = [String: Int](positionsOf: products) { $0.id.value }
        let requirements = app.policy.paywalls.map { Requirements($0, products: products, positions: positions) }
        var findings: [Diagnostic] = []
        for set in app.templates {
            let templates = [String: Int](positionsOf: set.paywalls) { $0.id.value }
            for paywall in requirements {
                check(set, templates[paywall.id], paywall, into: &findings)
            }
        }
        return findings
    }

    /// What one paywall's template must hold, the same in every locale: worked out once per paywall.
    private struct Requirements {
        var id: String
        var keys: [String]
        var types: [ProductType]
        /// The lines each type's section needs, with the help for a missing one, in `types` order.
        var needed: [[(key: String, help: String)]]

        init(_ paywall: Paywall, products: [Product], positions: [String: Int]) {
            id = paywall.id.value
            let shown = paywall.products.compactMap { positions[$0.value] }
            var types: [ProductType] = []
            for position in shown where !types.contains(products[position].type.value) {
                types.append(products[position].type.value)
            }
            self.types = types
            keys = TemplateMissingKeyRule.requiredKeys
            if types.contains(.autoRenewable) {
                keys.insert("disclosure", at: 1)
            }
            needed = types.map { type in
                let ofType = shown.filter { products[$0].type.value == type }
                var needed = [(key: "price", help: "add 'price: \"{price}\"'")]
                if let trial = ofType.first(where: { products[$0].introOffer?.type.value == .freeTrial }) {
                    needed.append(("trial", "'\(products[trial].id.value)' has a free trial: add "
                        + "'trial: \"{trial_period} free, then {price} / {period}\"'"))
                }
                if let intro = ofType.first(where: {
                    (products[$0].introOffer?.type.value).map { $0 != .freeTrial } ?? false
                }) {
                    needed.append(("intro", "'\(products[intro].id.value)' has an introductory price: add "
                        + "'intro: \"{intro_price} for {trial_period}, then {price} / {period}\"'"))
                }
                return needed
            }
        }
    }

    /// Checks the template of `paywall` at `position` of the file's paywalls (nil when it has none).
    private func check(_ set: TemplateSet, _ position: Int?, _ paywall: Requirements,
                       into findings: inout [Diagnostic]) {
        let id = paywall.id
        let keys = paywall.keys
        let types = paywall.types
        guard let position else {
            findings.append(finding(
                "locale '\(set.locale.value)' has no template for paywall '\(id)'", at: .wholeFile(set.file),
                help: "add '\(id):' under 'paywalls:' with \((keys + types.map(\.rawValue)).joinedAsProse())"))
            return
        }
        let entries = set.paywalls[position].entries
        // Lookups go by position, so that only keys are read from the entries, not whole messages copied.
        let missing = keys.filter { key in !entries.indices.contains { entries[$0].key.value == key } }
            .map { "'\($0)'" }
        if !missing.isEmpty {
            findings.append(finding(
                "paywall '\(id)' has no \(missing.joinedAsProse()) line\(missing.count == 1 ? "" : "s")",
                at: set.paywalls[position].id.span,
                help: "add \(missing.joinedAsProse()) under 'paywalls: \(id):' in \(set.fileName)"))
        }
        let sections = set.paywalls[position].sections
        for (type, needed) in zip(types, paywall.needed) {
            guard let section = sections.indices.first(where: { sections[$0].name.value == type.rawValue }) else {
                let lines = needed.map { "\($0.key): …" }.joined(separator: ", ")
                findings.append(finding(
                    "paywall '\(id)' shows \(type.rawValue) products but has no '\(type.rawValue)' section",
                    at: set.paywalls[position].id.span, help: "add '\(type.rawValue): { \(lines) }'"))
                continue
            }
            let lines = sections[section].entries
            for line in needed where !lines.indices.contains(where: { lines[$0].key.value == line.key }) {
                findings.append(finding("'\(type.rawValue)' of paywall '\(id)' has no '\(line.key)' line",
                                        at: sections[section].name.span, help: line.help))
            }
        }
    }
}
