import Foundation

/// Reads ISO 8601 date-times such as `2026-11-29T12:00:00Z`, `2026-11-29T12:00:00.250Z` or
/// `2026-11-29T13:00:00+01:00`.
enum ISO8601Timestamp {
    /// The instant `text` names, or nil when it is not an ISO 8601 date-time with a time zone.
    static func date(_ text: String) -> Date? {
        if let seconds = utcSeconds(text) { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// Seconds since 1970 for the common form `YYYY-MM-DDTHH:MM:SSZ` from 1583 on, every field in range, read without
    /// Foundation's parser; nil for anything else, which the parser then decides.
    static func utcSeconds(_ text: String) -> Int? {
        var utf8 = text.utf8.makeIterator()
        var fields: [Int] = []
        fields.reserveCapacity(6)
        for (width, separator) in [(4, "-"), (2, "-"), (2, "T"), (2, ":"), (2, ":"), (2, "Z")] as [(Int, Unicode.Scalar)] {
            var value = 0
            for _ in 0..<width {
                guard let byte = utf8.next(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            guard utf8.next() == UInt8(ascii: separator) else { return nil }
            fields.append(value)
        }
        guard utf8.next() == nil else { return nil }
        let (year, month, day) = (fields[0], fields[1], fields[2])
        // Foundation reads dates before the Gregorian reform of 1582 in the Julian calendar: leave those to it.
        guard year >= 1583, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), fields[3] < 24,
              fields[4] < 60, fields[5] < 60 else { return nil }
        return daysSince1970(year: year, month: month, day: day) * 86_400 + fields[3] * 3_600 + fields[4] * 60 + fields[5]
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar, counted in 400-year eras of 146,097 days.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
