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
        utcSeconds(utf8: text.utf8)
    }

    /// `utcSeconds(_:)` of a text's UTF-8 bytes.
    static func utcSeconds(utf8 bytes: some Sequence<UInt8>) -> Int? {
        var utf8 = bytes.makeIterator()
        /// The next `width` digits as a number, if the `separator` follows them.
        func field(_ width: Int, then separator: Unicode.Scalar) -> Int? {
            var value = 0
            for _ in 0..<width {
                guard let byte = utf8.next(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return utf8.next() == UInt8(ascii: separator) ? value : nil
        }
        guard let year = field(4, then: "-"), let month = field(2, then: "-"), let day = field(2, then: "T"),
              let hour = field(2, then: ":"), let minute = field(2, then: ":"), let second = field(2, then: "Z"),
              utf8.next() == nil else { return nil }
        // Foundation reads dates before the Gregorian reform of 1582 in the Julian calendar: leave those to it.
        guard year >= 1583, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24,
              minute < 60, second < 60 else { return nil }
        return daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
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
