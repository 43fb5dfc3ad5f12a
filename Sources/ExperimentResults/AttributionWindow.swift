import PolicyModel

/// How long after a user's first exposure their purchases count: an ISO 8601 duration of weeks, days, hours,
/// minutes and seconds (`P14D`, `PT72H`); months and years are refused, having no fixed length.
package struct AttributionWindow: Hashable, Sendable, CustomStringConvertible {
    /// The duration as it was written.
    package var description: String
    package var seconds: Int64

    /// The default, fourteen days.
    package static let standard = AttributionWindow(description: "P14D", seconds: 14 * 86_400)
    /// The longest window, ten years of days.
    package static let maxSeconds: Int64 = 3_650 * 86_400

    private init(description: String, seconds: Int64) {
        self.description = description
        self.seconds = seconds
    }

    /// The window `text` names, or nil when it names none this report can use.
    package init?(_ text: String) {
        guard let period = ISOPeriod(text), period.years == 0, period.months == 0 else { return nil }
        let parts = [(period.weeks, 604_800), (period.days, 86_400), (period.hours, 3_600), (period.minutes, 60),
                     (period.seconds, 1)]
        var total: Int64 = 0
        for (count, unit) in parts {
            let (product, overflow) = Int64(count).multipliedReportingOverflow(by: Int64(unit))
            guard !overflow, product <= Self.maxSeconds else { return nil }
            total += product
        }
        guard total > 0, total <= Self.maxSeconds else { return nil }
        self.init(description: text, seconds: total)
    }
}
