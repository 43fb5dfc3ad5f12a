import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Subscription price lines must show the billed price, not only a per-month or per-week figure.
struct BilledPriceShownRule: Rule {
    static let id = "billed-price-shown"
    static let severity = Severity.error
    static let category = "review"
    static let summary = "a subscription's price line does not show the billed price"
    static let checklistItem: String? = "Billed price shown for every subscription (3.1.2)"
    static let explanation = """
        Apple asks that the amount the user is billed be the most prominent price on a subscription \
        paywall, with per-month equivalents and savings subordinate; Google Play lists "annual \
        subscriptions that most prominently display their pricing in terms of monthly cost" as a violation. \
        The 'price' lines of the auto-renewable and non-renewing sections must therefore use '{price}'; \
        '{price_per_month}' or '{price_per_week}' may follow it. Trial lines are checked by 'trial-disclosure'.
        """

    private static let sections = [ProductType.autoRenewable.rawValue, ProductType.nonRenewing.rawValue]
    private static let lines = ["price"]

    func check(_ app: AppSources) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        forEachPriceLine(app) { site in
            guard site.message.parses, !site.message.uses(.price) else { return }
            let perUnit = [TemplateVariable.pricePerMonth, .pricePerWeek].filter(site.message.uses).map(\.rawValue)
            let shown = perUnit.isEmpty ? "" : " (only '{\(perUnit.joined(separator: "}', '{"))}')"
            findings.append(finding("\(site.place) does not show the billed '{price}'\(shown)",
                                    at: site.message.span,
                                    help: "show '{price}' first; a per-month or per-week price may follow, smaller"))
        }
        return findings
    }

    func evidence(_ app: AppSources) -> String {
        var count = 0
        forEachPriceLine(app) { _ in count += 1 }
        return count == 0 ? "no subscription price lines" : "{price} in \(count) subscription price line(s)"
    }

    /// Calls `body` with every price line of an auto-renewable or non-renewing section, in file order.
    private func forEachPriceLine(_ app: AppSources, _ body: (TemplateMessageSite) -> Void) {
        for set in app.templates {
            set.forEachMessageSite(paywallsOnly: true) { site in
                if Self.lines.contains(site.key) && site.section.map(Self.sections.contains) == true { body(site) }
            }
        }
    }
}
