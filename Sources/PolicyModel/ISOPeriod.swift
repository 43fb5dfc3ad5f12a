package import Foundation
import TollgateEvaluation

/// An ISO 8601 duration such as `P1M`, `P1Y`, `P2W` or `PT30S`, with whole-number components.
///
/// Accepts `P[nY][nM][nW][nD][T[nH][nM][nS]]` with at least one component, and at least one after a `T`.
/// Fractions, signs, lowercase letters and spaces are rejected; weeks may be combined with other components
/// (ISO 8601-2 allows it). Two periods are equal when their components are equal, so `P1Y` is not `P12M`.
package struct ISOPeriod: Hashable, Sendable, CustomStringConvertible {
    package var years = 0
    package var months = 0
    package var weeks = 0
    package var days = 0
    package var hours = 0
    package var minutes = 0
    package var seconds = 0

    package init(years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0,
                 hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// Parses `text`, or returns nil when it is not an ISO 8601 duration of whole numbers.
    package init?(_ text: String) {
        var scalars = Substring(text).unicodeScalars[...]
        guard scalars.popFirst() == "P", !scalars.isEmpty else { return nil }
        var inTime = false
        var sawComponent = false
        var sawTimeComponent = false
        // Designators must appear in this order; each at most once.
        let dateOrder: [Unicode.Scalar] = ["Y", "M", "W", "D"]
        let timeOrder: [Unicode.Scalar] = ["H", "M", "S"]
        var nextIndex = 0
        while let first = scalars.first {
            if first == "T" {
                guard !inTime else { return nil }
                inTime = true
                nextIndex = 0
                scalars.removeFirst()
                continue
            }
            var digits = ""
            while let scalar = scalars.first, ("0"..."9").contains(scalar) {
                digits.unicodeScalars.append(scalar)
                scalars.removeFirst()
            }
            guard !digits.isEmpty, digits.count <= 9, let value = Int(digits),
                  let designator = scalars.popFirst() else { return nil }
            let order = inTime ? timeOrder : dateOrder
            guard let index = order[nextIndex...].firstIndex(of: designator) else { return nil }
            nextIndex = index + 1
            switch (inTime, designator) {
            case (false, "Y"): years = value
            case (false, "M"): months = value
            case (false, "W"): weeks = value
            case (false, "D"): days = value
            case (true, "H"): hours = value
            case (true, "M"): minutes = value
            default: seconds = value
            }
            sawComponent = true
            if inTime { sawTimeComponent = true }
        }
        guard sawComponent, !inTime || sawTimeComponent else { return nil }
    }

    /// Whether every component is zero (`P0D`).
    package var isZero: Bool { self == ISOPeriod() }

    /// Whether it has any of years, months, weeks or days.
    package var hasDateComponents: Bool { years != 0 || months != 0 || weeks != 0 || days != 0 }

    /// Whether it has any of hours, minutes or seconds.
    package var hasTimeComponents: Bool { hours != 0 || minutes != 0 || seconds != 0 }

    /// The average number of days in a month of the Gregorian calendar (365.25 / 12), exactly.
    package static let daysPerMonth = PolicyBundle.Period.daysPerMonth

    /// The length in months, for comparing prices per month.
    ///
    /// Years count 12 months and months count 1 exactly, so store periods (P1M … P1Y) compare exactly.
    /// Weeks count 7 days, and days (and hours, minutes, seconds as fractions of a day) are divided by the
    /// average Gregorian month of 30.4375 days, so P1W is about 0.23 months and P4W slightly less than P1M.
    package var monthsApproximation: Decimal {
        let whole = Decimal(years * 12 + months)
        let wholeDays = Decimal(weeks * 7 + days)
        let dayFraction = Decimal(hours * 3600 + minutes * 60 + seconds) / Decimal(86_400)
        guard wholeDays != 0 || dayFraction != 0 else { return whole }
        return whole + (wholeDays + dayFraction) / Self.daysPerMonth
    }

    /// The canonical spelling: zero components are left out (`P1Y`, `PT3M`, `P0D` when all are zero).
    package var description: String {
        if isZero { return "P0D" }
        var text = "P"
        for (value, designator) in [(years, "Y"), (months, "M"), (weeks, "W"), (days, "D")] where value != 0 {
            text += "\(value)\(designator)"
        }
        if hasTimeComponents {
            text += "T"
            for (value, designator) in [(hours, "H"), (minutes, "M"), (seconds, "S")] where value != 0 {
                text += "\(value)\(designator)"
            }
        }
        return text
    }
}
