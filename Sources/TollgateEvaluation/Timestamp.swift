public import Foundation

/// An instant to the second, written `2026-11-29T12:00:00Z` (ISO 8601 in UTC): how the store records
/// and the commands print times. Encodes as that text.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int64

    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    /// The second `date` falls in as `ISO8601DateFormatter` printed it: its milliseconds rounded, then
    /// the second they fall in (so 12:00:00.9996 is 12:00:01, and 12:00:00.7 is 12:00:00).
    public init(_ date: Date) {
        let milliseconds = ((date.timeIntervalSinceReferenceDate + Date.timeIntervalBetween1970AndReferenceDate)
            * 1000 + 0.5).rounded(.down)
        self.init(milliseconds: Int64(exactly: milliseconds) ?? (milliseconds < 0 ? Int64.min : Int64.max))
    }

    /// The second `milliseconds` since 1970 fall in: rounded down, before 1970 too (an end of access is never
    /// late), as the stores' payloads count time.
    package init(milliseconds: Int64) {
        secondsSince1970 = milliseconds / 1000 - (milliseconds % 1000 < 0 ? 1 : 0)
    }

    /// The instant `seconds` later (earlier when negative), held within `Int64`.
    package func adding(seconds: Int64) -> Timestamp {
        Timestamp(secondsSince1970: secondsSince1970.addingReportingOverflow(seconds).overflow
            ? (seconds < 0 ? .min : .max) : secondsSince1970 + seconds)
    }

    /// The instant `text` names (ISO 8601 with a time zone, as `ISO8601Timestamp` reads it) to the
    /// second, or nil when it names none.
    public init?(_ text: String) {
        if let seconds = ISO8601Timestamp.utcSeconds(text) {
            self.init(secondsSince1970: Int64(seconds))
        } else if let date = ISO8601Timestamp.date(text) {
            self.init(date)
        } else {
            return nil
        }
    }

    /// The instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(secondsSince1970)) }

    /// `YYYY-MM-DDTHH:MM:SSZ`; years outside 1583…9999 as Foundation's ISO 8601 formatter writes them.
    public var description: String {
        guard (Self.firstFast...Self.lastFast).contains(secondsSince1970) else {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            return formatter.string(from: date)
        }
        let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
        let second = secondsSince1970 - days * 86_400
        let (year, month, day) = Self.civil(daysSince1970: days)
        func digits(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(day, 2) + "T" + digits(second / 3_600, 2) + ":"
            + digits(second / 60 % 60, 2) + ":" + digits(second % 60, 2) + "Z"
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let timestamp = Timestamp(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "'\(text)' is not an ISO 8601 date-time"))
        }
        self = timestamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// 1583-01-01T00:00:00Z: before it, Foundation writes dates in the Julian calendar.
    private static let firstFast: Int64 = -12_212_553_600
    /// 9999-12-31T23:59:59Z: after it, years have more than four digits.
    private static let lastFast: Int64 = 253_402_300_799

    /// The proleptic Gregorian date `days` after 1970-01-01, counted in 400-year eras of 146,097 days.
    private static func civil(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
