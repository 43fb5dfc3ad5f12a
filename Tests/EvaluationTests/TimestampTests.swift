import Foundation
import Testing
import TestSupport
import TollgateEvaluation

/// `Timestamp` prints times as the store always wrote them (`ISO8601DateFormatter` with internet date-time),
/// reads them back, orders them, and encodes as that text.
@Suite struct TimestampTests {
    static func formatter(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    @Test(arguments: [
        (1_795_953_600, "2026-11-29T12:00:00Z"), (0, "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"),
        (1_835_395_200, "2028-02-29T00:00:00Z"), (951_825_600, "2000-02-29T12:00:00Z"),
        (253_402_300_799, "9999-12-31T23:59:59Z"), (-12_212_553_600, "1583-01-01T00:00:00Z"),
    ] as [(Int64, String)])
    func knownInstantsPrintAndReadBack(_ seconds: Int64, _ text: String) {
        let timestamp = Timestamp(secondsSince1970: seconds)
        #expect(timestamp.description == text)
        #expect(Timestamp(text) == timestamp)
        #expect(timestamp.description == Self.formatter(timestamp.date))
    }

    /// Fractions of a second included: the formatter rounded to the millisecond, then dropped the fraction.
    @Test func randomDatesPrintAsTheFormatterPrintedThem() throws {
        var random = SplitMix64(seed: 22)
        for _ in 0..<2_000 {
            let seconds = Double.random(in: -12_212_553_600...253_402_300_799, using: &random)
            let date = Date(timeIntervalSince1970: seconds.rounded(.down) + Double.random(in: 0..<1, using: &random))
            let timestamp = Timestamp(date)
            #expect(timestamp.description == Self.formatter(date), "\(date.timeIntervalSince1970)")
            #expect(Timestamp(timestamp.description) == timestamp)
        }
    }

    @Test(arguments: [0.4, 0.5, 0.9994, 0.9996, 1.999_999, -0.5, -0.000_1, -1.5, 1_796_040_000.7])
    func fractionsOfASecondAreDroppedAsTheFormatterDroppedThem(_ seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(Timestamp(date).description == Self.formatter(date))
    }

    @Test(arguments: [-62_135_596_800, -12_212_553_601, 253_402_300_800] as [Int64])
    func yearsOutsideTheFastRangePrintAsFoundationPrintsThem(_ seconds: Int64) {
        let timestamp = Timestamp(secondsSince1970: seconds)
        #expect(timestamp.description == Self.formatter(timestamp.date))
    }

    @Test func otherFormsOfTheSameInstantReadAsIt() {
        let noon = Timestamp(secondsSince1970: 1_795_953_600)
        #expect(Timestamp("2026-11-29T13:00:00+01:00") == noon)
        #expect(Timestamp("2026-11-29T12:00:00.250Z") == noon)
        for text in ["", "2026-11-29", "2026-11-29T12:00:00", "yesterday", "2026-13-01T00:00:00Z"] {
            #expect(Timestamp(text) == nil, "\(text)")
        }
    }

    @Test func timestampsOrderByInstant() {
        let texts = ["2026-11-29T12:00:01Z", "1999-01-01T00:00:00Z", "2026-11-29T12:00:00Z", "2026-11-29T11:00:00-02:00"]
        let sorted = texts.compactMap(Timestamp.init).sorted().map(\.description)
        #expect(sorted == ["1999-01-01T00:00:00Z", "2026-11-29T12:00:00Z", "2026-11-29T12:00:01Z", "2026-11-29T13:00:00Z"])
        #expect(Timestamp(secondsSince1970: -1) < Timestamp(secondsSince1970: 0))
    }

    @Test func encodesAndDecodesAsItsText() throws {
        let encoded = try JSONEncoder().encode([Timestamp(secondsSince1970: 1_795_953_600)])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["2026-11-29T12:00:00Z"]"#)
        #expect(try JSONDecoder().decode([Timestamp].self, from: encoded) == [Timestamp(secondsSince1970: 1_795_953_600)])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Timestamp].self, from: Data(#"["noon"]"#.utf8)) }
    }

    @Test func addingSecondsStaysInRange() {
        #expect(Timestamp(secondsSince1970: 100).adding(seconds: 3600) == Timestamp(secondsSince1970: 3700))
        #expect(Timestamp(secondsSince1970: 100).adding(seconds: -200) == Timestamp(secondsSince1970: -100))
        #expect(Timestamp(secondsSince1970: .max - 1).adding(seconds: 10) == Timestamp(secondsSince1970: .max))
        #expect(Timestamp(secondsSince1970: .min + 1).adding(seconds: -10) == Timestamp(secondsSince1970: .min))
    }
}
