import TollgateEvaluation

/// Calendar arithmetic in UTC on the proleptic Gregorian calendar, for the end of a non-renewing subscription.
enum UTCCalendar {
    /// `period` after `start`: its months first, the day of the month kept or, past the new month's end, its last
    /// day (January 31 + 1 month is February's last day), then its days, the time of day unchanged.
    static func adding(_ period: PolicyBundle.Period, to start: Timestamp) -> Timestamp {
        let seconds = start.secondsSince1970
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let timeOfDay = seconds - days * 86_400
        let (year, month, day) = civil(daysSince1970: days)
        let months = year * 12 + (month - 1) + Int64(period.months)
        let (newYear, newMonth) = (floorDivide(months, 12), months - floorDivide(months, 12) * 12 + 1)
        let newDay = min(day, daysIn(month: newMonth, of: newYear))
        let newDays = daysSince1970(year: newYear, month: newMonth, day: newDay) + Int64(period.days)
        return Timestamp(secondsSince1970: newDays * 86_400 + timeOfDay)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }

    private static func daysIn(month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The date `days` after 1970-01-01, counted in 400-year eras of 146,097 days (Howard Hinnant's algorithm).
    private static func civil(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The days from 1970-01-01 to a date, the inverse of `civil(daysSince1970:)`.
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
