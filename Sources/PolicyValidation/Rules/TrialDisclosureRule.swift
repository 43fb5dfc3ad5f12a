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

    private static let required = ["trial_period", "price"]

    func check(_ app: AppSources) -> [Diagnostic] {
        trialLines(app).compactMap { site in
            guard case .success = site.message.pattern else { return nil }
            let missing = Self.required.filter { !site.message.variableNames.contains($0) }
            guard !missing.isEmpty else { return nil }
            let names = missing.map { "'{\($0)}'" }.joined(separator: " and ")
            return finding("\(site.place) does not state \(names)", at: site.message.text.span,
                           help: "say how long the trial lasts and what is billed after it, e.g. "
                               + "'{trial_period} free, then {price} / {period}'")
        }
    }

    func evidence(_ app: AppSources) -> String {
        let count = trialLines(app).count
        return count == 0 ? "no trial lines" : "{trial_period} and {price} in \(count) trial line(s)"
    }

    private func trialLines(_ app: AppSources) -> [TemplateMessageSite] {
        app.templates.flatMap(\.paywallSites).filter { $0.section != nil && $0.key == "trial" }
    }
}
