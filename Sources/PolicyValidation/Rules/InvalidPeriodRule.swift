import Diagnostics
import PolicyModel
import TollgateEvaluation

/// Product, intro offer and ad placement periods must be ISO 8601 durations of the lengths the stores allow.
struct InvalidPeriodRule: Rule {
    static let id = "invalid-period"
    static let severity = Severity.error
    static let category = "products"
    static let summary = "a period is not an ISO 8601 duration of a length the stores sell"
    static let explanation = """
        Periods are ISO 8601 durations, as StoreKit configuration files and the Play Developer API write \
        them. The App Store sells auto-renewable subscriptions of P1W, P1M, P2M, P3M, P6M and P1Y, and intro \
        offers of P3D, P1W, P2W, P1M, P2M, P3M, P6M and P1Y; a non-renewing subscription lasts any positive \
        number of days, weeks, months or years (P30D, P3M); an ad placement's 'min_interval' is a time \
        duration (PT30S, PT3M, PT1H). Write the period in the form the message expects.
        """

    static let subscriptionPeriods = ["P1W", "P1M", "P2M", "P3M", "P6M", "P1Y"]
    static let introOfferPeriods = ["P3D", "P1W", "P2W", "P1M", "P2M", "P3M", "P6M", "P1Y"]

    func check(_ app: AppSources) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for product in app.policy.products {
            if let period = product.period {
                switch product.type.value {
                case .autoRenewable:
                    findings += checkSubscription(period, product.duration)
                case .nonRenewing:
                    findings += checkNonRenewing(period, product.duration)
                case .consumable, .nonConsumable:
                    break
                }
            }
            if let offer = product.introOffer, let period = offer.period {
                findings += check(period, offer.duration, soldAs: Self.introOfferPeriods, what: "intro offer period")
            }
        }
        for placement in app.policy.ads.placements {
            if let interval = placement.minInterval {
                findings += checkInterval(interval, placement.minIntervalDuration)
            }
        }
        return findings
    }

    /// An auto-renewable period; those shorter than a week are reported by subscription-min-period.
    private func checkSubscription(_ period: Located<String>, _ parsed: ISOPeriod?) -> [Diagnostic] {
        if let parsed, SubscriptionMinPeriodRule.isShorterThanAWeek(parsed) { return [] }
        return check(period, parsed, soldAs: Self.subscriptionPeriods, what: "auto-renewable period")
    }

    /// A period (`parsed` when it is a duration) that must be one of `sold`.
    private func check(_ period: Located<String>, _ parsed: ISOPeriod?, soldAs sold: [String],
                       what: String) -> [Diagnostic] {
        guard !sold.contains(period.value) else { return [] }
        let expected = sold.joinedAsProse("or")
        guard let parsed else {
            return [finding("'\(period.value)' is not an ISO 8601 duration; expected \(expected)", at: period.span)]
        }
        let same = sold.first { ISOPeriod($0)?.monthsApproximation == parsed.monthsApproximation }
        return [finding("'\(period.value)' is not an \(what) the stores sell; expected \(expected)", at: period.span,
                        help: same.map { "write '\($0)'" })]
    }

    /// A non-renewing period: one positive count of days, weeks, months or years.
    private func checkNonRenewing(_ period: Located<String>, _ parsed: ISOPeriod?) -> [Diagnostic] {
        let expected = "a positive number of days, weeks, months or years such as P30D, P3M or P1Y"
        guard let parsed else {
            return [finding("'\(period.value)' is not an ISO 8601 duration; expected \(expected)", at: period.span)]
        }
        let counts = [parsed.years, parsed.months, parsed.weeks, parsed.days].filter { $0 != 0 }
        guard counts.count != 1 || parsed.hasTimeComponents else { return [] }
        return [finding("'\(period.value)' is not a non-renewing period; expected \(expected)", at: period.span)]
    }

    /// An ad placement's `min_interval`: a positive time duration.
    private func checkInterval(_ interval: Located<String>, _ parsed: ISOPeriod?) -> [Diagnostic] {
        let expected = "a time duration such as PT30S, PT3M or PT1H"
        guard let parsed else {
            return [finding("'\(interval.value)' is not an ISO 8601 duration; expected \(expected)",
                            at: interval.span)]
        }
        guard parsed.hasDateComponents || !parsed.hasTimeComponents else { return [] }
        let hours = parsed.years == 0 && parsed.months == 0 ? (parsed.weeks * 7 + parsed.days) * 24 : 0
        let fix = hours > 0 && !parsed.hasTimeComponents ? "write 'PT\(hours)H'" : nil
        return [finding("min_interval '\(interval.value)' is not a positive time duration; expected \(expected)",
                        at: interval.span, help: fix)]
    }
}
