import PolicyModel
import Foundation
import PolicyValidation
import Testing

@Suite("ISOPeriod")
struct ISOPeriodTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var period: ISOPeriod
        var testDescription: String { text }
    }

    static let valid = [
        Case(text: "P1W", period: ISOPeriod(weeks: 1)),
        Case(text: "P1M", period: ISOPeriod(months: 1)),
        Case(text: "P1Y", period: ISOPeriod(years: 1)),
        Case(text: "P3D", period: ISOPeriod(days: 3)),
        Case(text: "P1Y6M", period: ISOPeriod(years: 1, months: 6)),
        Case(text: "PT30S", period: ISOPeriod(seconds: 30)),
        Case(text: "PT3M", period: ISOPeriod(minutes: 3)),
        Case(text: "PT1H30M", period: ISOPeriod(hours: 1, minutes: 30)),
        Case(text: "P1DT12H", period: ISOPeriod(days: 1, hours: 12)),
        Case(text: "P0D", period: ISOPeriod()),
        Case(text: "P1M2W", period: ISOPeriod(months: 1, weeks: 2)),
        Case(text: "P012M", period: ISOPeriod(months: 12)),
    ]

    @Test(arguments: valid)
    func parses(_ c: Case) {
        #expect(ISOPeriod(c.text) == c.period)
    }

    @Test(arguments: ["", "P", "PT", "P1", "1M", "p1m", "P1m", "P1Month", "P1.5M", "P-1M", "P+1M", "P1M1Y", "P1D1W",
                      "P1Y1Y", "PT1H1H", "P1DT", "PT1D", "P1H", "P1MT1M1H", "P 1M", "P1M ", "PT3M30", "P１M",
                      "P9999999999Y", "PTT1H"])
    func refuses(_ text: String) {
        #expect(ISOPeriod(text) == nil)
    }

    @Test func monthsOfStorePeriodsAreExact() {
        let months = ["P1M": 1, "P2M": 2, "P3M": 3, "P6M": 6, "P1Y": 12, "P1Y6M": 18]
        for (text, expected) in months {
            #expect(ISOPeriod(text)?.monthsApproximation == Decimal(expected), "\(text)")
        }
    }

    @Test func daysCountAgainstTheAverageGregorianMonth() throws {
        let posix = Locale(identifier: "en_US_POSIX")
        let week = try #require(ISOPeriod("P1W")?.monthsApproximation)
        #expect(week == Decimal(7) / Decimal(string: "30.4375", locale: posix)!)
        #expect(ISOPeriod("P7D")?.monthsApproximation == week)
        #expect(ISOPeriod("PT168H")?.monthsApproximation == week)
        #expect(try #require(ISOPeriod("P4W")?.monthsApproximation) < 1)
        #expect(try #require(ISOPeriod("P31D")?.monthsApproximation) > 1)
        #expect(ISOPeriod("P0D")?.monthsApproximation == 0)
    }

    @Test func componentsAndDescription() throws {
        let period = try #require(ISOPeriod("P1Y2M3W4DT5H6M7S"))
        #expect(period.hasDateComponents && period.hasTimeComponents && !period.isZero)
        #expect(period.description == "P1Y2M3W4DT5H6M7S")
        #expect(ISOPeriod("PT3M")?.hasDateComponents == false)
        #expect(ISOPeriod("P012M")?.description == "P12M")
        #expect(ISOPeriod("P0Y0D")?.description == "P0D")
        #expect(ISOPeriod("P0Y0D")?.isZero == true)
    }
}
