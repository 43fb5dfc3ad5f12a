import Diagnostics
import PolicyModel
import TollgateEvaluation

/// The auto-renewal disclosure must state the price and the period in every locale.
struct SubscriptionDisclosureRule: Rule {
    static let id = "subscription-disclosure"
    static let severity = Severity.error
    static let category = "review"
    static let summary = "an auto-renewal disclosure does not state the price and the period"
    static let checklistItem: String? = "Auto-renewal disclosure with price and period (3.1.2, Schedule 2)"
    static let explanation = """
        Schedule 2 of the Apple developer agreement and Google Play's subscription policy require a paywall \
        that sells auto-renewable subscriptions to say, before purchase, that the subscription renews \
        automatically, how often, and at what price. The 'disclosure' line is rendered once for each \
        auto-renewable product on the paywall; it must use '{price}' and '{period}' so the figures are the \
        product's own, in every locale.
        """

    private static let required = [TemplateVariable.price, .period]

    /// The disclosure lines of paywalls that show auto-renewable products, in every template file; templates
    /// and entries are found by position, so that only what is checked is read, not whole messages copied.
    func check(_ app: AppSources) -> [Diagnostic] {
        let paywalls = subscriptionPaywalls(app)
        var findings: [Diagnostic] = []
        for set in app.templates {
            let templates = [String: Int](positionsOf: set.paywalls) { $0.id.value }
            for paywall in paywalls {
                guard let position = templates[paywall] else { continue }
                let entries = set.paywalls[position].entries
                guard let index = entries.indices.first(where: { entries[$0].key.value == "disclosure" }),
                      entries[index].message.parses else { continue }
                let missing = Self.required.filter { !entries[index].message.uses($0) }.map(\.rawValue)
                guard !missing.isEmpty else { continue }
                let names = missing.map { "'{\($0)}'" }.joined(separator: " and ")
                findings.append(finding(
                    "disclosure of paywall '\(paywall)' does not state \(names)",
                    at: entries[index].message.span,
                    help: "say what renews, how often and for how much, e.g. 'Renews every {period} for "
                        + "{price} unless cancelled at least 24 hours before the end of the period'"))
            }
        }
        return findings
    }

    func evidence(_ app: AppSources) -> String {
        let paywalls = subscriptionPaywalls(app)
        guard !paywalls.isEmpty else { return "no paywall shows auto-renewable subscriptions" }
        return "disclosure states {price} and {period} in \(app.templates.count) locale(s) for paywall(s) "
            + paywalls.joined(separator: ", ")
    }

    /// The ids of the paywalls that show auto-renewable products, in policy order.
    private func subscriptionPaywalls(_ app: AppSources) -> [String] {
        let products = app.policy.products
        let positions = [String: Int](positionsOf: products) { $0.id.value }
        return app.policy.paywalls.filter { paywall in
            paywall.products.contains { positions[$0.value].map { products[$0].type.value == .autoRenewable } ?? false }
        }.map(\.id.value)
    }
}
