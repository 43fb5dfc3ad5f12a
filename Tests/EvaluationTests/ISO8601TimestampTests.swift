import Foundation
import Testing
import TestSupport
@testable import TollgateEvaluation

/// The common `YYYY-MM-DDTHH:MM:SSZ` form is read without Foundation's parser; it must agree with it.
@Suite("ISO8601Timestamp: the fast form agrees with Foundation's ISO 8601 parser")
struct ISO8601TimestampTests {
    static func foundation(_ text: String) -> Date? { try? Date(text, strategy: .iso8601) }

    @Test("2,000 random instants from year 1583 to 9999 read as Foundation reads them")
    func randomInstants() throws {
        var random = SplitMix64(seed: 8601)
        let last = Date(timeIntervalSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z
        let first = Date(timeIntervalSince1970: -12_212_553_600)  // 1583-01-01T00:00:00Z
        for _ in 0..<2_000 {
            let seconds = Int.random(in: Int(first.timeIntervalSince1970)...Int(last.timeIntervalSince1970), using: &random)
            let text = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
            #expect(ISO8601Timestamp.utcSeconds(text) == seconds, "\(text)")
            #expect(ISO8601Timestamp.date(text) == Self.foundation(text), "\(text)")
        }
    }

    @Test("leap days, month ends and the last second of a day", arguments: [
        ("2028-02-29T00:00:00Z", 1_835_395_200), ("2000-02-29T12:00:00Z", 951_825_600),
        ("1970-01-01T00:00:00Z", 0), ("1969-12-31T23:59:59Z", -1), ("2026-12-31T23:59:59Z", 1_798_761_599),
        ("2026-11-29T12:00:00Z", 1_795_953_600),
    ])
    func knownInstants(_ text: String, _ seconds: Int) {
        #expect(ISO8601Timestamp.utcSeconds(text) == seconds)
        #expect(ISO8601Timestamp.date(text) == Self.foundation(text))
    }

    /// Out of range or in another form: not read by the fast path, so Foundation decides, exactly as before.
    @Test("anything else is left to Foundation", arguments: [
        "2027-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z",
        "2026-00-10T00:00:00Z", "2026-11-00T00:00:00Z", "2026-11-29T24:00:00Z", "2026-11-29T23:60:00Z",
        "2026-11-29T23:59:60Z", "2026-11-29T12:00:00.250Z", "2026-11-29T13:00:00+01:00", "2026-11-29T12:00:00",
        "2026-11-29", "2026-11-29T12:00:00Zx", "1582-10-15T00:00:00Z", "1000-03-01T00:00:00Z", "2026-11-29t12:00:00Z", "+2026-11-29T12:00:00Z", "",
    ])
    func otherForms(_ text: String) {
        #expect(ISO8601Timestamp.utcSeconds(text) == nil)
        let fractional = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        #expect(ISO8601Timestamp.date(text) == (Self.foundation(text) ?? fractional))
    }
}
