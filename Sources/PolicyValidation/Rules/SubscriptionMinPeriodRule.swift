import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Auto-renewable subscriptions must last at least seven days.
struct SubscriptionMinPeriodRule: Rule {
    static let id = "subscription-min-period"
    static let severity = Severity.error
    static let category = "review"
    static let summary = "an auto-renewable subscription's period is shorter than seven days"
    static let checklistItem: String? = "Subscriptions last at least seven days (3.1.2(a))"
    static let explanation = """
        App Review guideline 3.1.2(a): "the subscription period must last at least seven days", and App \
        Store Connect offers no shorter duration. A period such as P3D cannot be created in the store. Use \
        P1W or longer.
        """

    /// Seven days, in seconds.
    private static let minimumSeconds = 7 * 86_400

    func check(_ app: AppSources) -> [Diagnostic] {
        app.policy.products.compactMap { product in
            guard product.type.value == .autoRenewable, let period = product.period,
                  let parsed = product.duration, Self.isShorterThanAWeek(parsed) else { return nil }
            return finding("auto-renewable '\(product.id.value)' renews every '\(period.value)', less than seven days",
                           at: period.span, help: "use 'P1W' or longer")
        }
    }

    func evidence(_ app: AppSources) -> String {
        let periods = app.policy.products.filter { $0.type.value == .autoRenewable }.compactMap(\.period?.value)
        guard !periods.isEmpty else { return "no auto-renewable subscriptions" }
        var seen: Set<String> = []
        return "periods: " + periods.filter { seen.insert($0).inserted }.joined(separator: ", ")
    }

    /// Whether `period` is shorter than seven days; months and years never are.
    static func isShorterThanAWeek(_ period: ISOPeriod) -> Bool {
        guard period.years == 0, period.months == 0 else { return false }
        let seconds = (period.weeks * 7 + period.days) * 86_400 + period.hours * 3600 + period.minutes * 60
            + period.seconds
        return seconds < minimumSeconds
    }
}
