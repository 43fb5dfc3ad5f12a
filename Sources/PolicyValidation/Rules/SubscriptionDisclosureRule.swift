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

    private static let required = ["price", "period"]

    func check(_ app: AppSources) -> [Diagnostic] {
        disclosures(app).compactMap { paywall, disclosure in
            guard case .success = disclosure.message.pattern else { return nil }
            let missing = Self.required.filter { !disclosure.message.variableNames.contains($0) }
            guard !missing.isEmpty else { return nil }
            let names = missing.map { "'{\($0)}'" }.joined(separator: " and ")
            return finding("disclosure of paywall '\(paywall)' does not state \(names)",
                           at: disclosure.message.text.span,
                           help: "say what renews, how often and for how much, e.g. 'Renews every {period} for "
                               + "{price} unless cancelled at least 24 hours before the end of the period'")
        }
    }

    func evidence(_ app: AppSources) -> String {
        let paywalls = subscriptionPaywalls(app).map(\.id.value)
        guard !paywalls.isEmpty else { return "no paywall shows auto-renewable subscriptions" }
        return "disclosure states {price} and {period} in \(app.templates.count) locale(s) for paywall(s) "
            + paywalls.joined(separator: ", ")
    }

    /// The paywalls that show auto-renewable products.
    private func subscriptionPaywalls(_ app: AppSources) -> [Paywall] {
        app.policy.paywalls.filter { app.policy.productTypes(on: $0).contains(.autoRenewable) }
    }

    /// The disclosure lines of paywalls that show auto-renewable products, in every template file.
    private func disclosures(_ app: AppSources) -> [(paywall: String, entry: TemplateEntry)] {
        let paywalls = subscriptionPaywalls(app)
        return app.templates.flatMap { set in
            paywalls.compactMap { paywall in
                set.paywall(paywall.id.value)?.entry("disclosure").map { (paywall.id.value, $0) }
            }
        }
    }
}
