import Diagnostics
import PolicyModel

/// A trial line must state how long the trial lasts and what is charged after it.
struct TrialDisclosureRule: Rule {
    static let id = "trial-disclosure"
    static let severity = Severity.error
    static let category = "review"
    static let summary = "a trial line does not state the trial's length and the price after it"
    static let checklistItem: String? = "Trial length and price after the trial stated"
    static let explanation = """
        Apple asks that a free trial's purchase flow "clearly indicate how long the free trial lasts and \
        the price billed once the free trial is over", and Google Play asks the same of trials and \
        introductory offers. Every 'trial' line must use '{trial_period}' and '{price}', for example \
        '{trial_period} free, then {price} / {period}'.
        """

    private static let required = [TemplateVariable.trialPeriod, .price]

    func check(_ app: AppSources) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        forEachTrialLine(app) { site in
            guard site.message.parses else { return }
            let missing = Self.required.filter { !site.message.uses($0) }.map(\.rawValue)
            guard !missing.isEmpty else { return }
            let names = missing.map { "'{\($0)}'" }.joined(separator: " and ")
            findings.append(finding("\(site.place) does not state \(names)", at: site.message.span,
                                    help: "say how long the trial lasts and what is billed after it, e.g. "
                                        + "'{trial_period} free, then {price} / {period}'"))
        }
        return findings
    }

    func evidence(_ app: AppSources) -> String {
        var count = 0
        forEachTrialLine(app) { _ in count += 1 }
        return count == 0 ? "no trial lines" : "{trial_period} and {price} in \(count) trial line(s)"
    }

    /// Calls `body` with every 'trial' line of a product-type section, in file order.
    private func forEachTrialLine(_ app: AppSources, _ body: (TemplateMessageSite) -> Void) {
        for set in app.templates {
            set.forEachMessageSite(paywallsOnly: true) { site in
                if site.section != nil && site.key == "trial" { body(site) }
            }
        }
    }
}
