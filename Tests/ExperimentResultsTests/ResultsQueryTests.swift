import ExperimentResults
import Testing
import TollgateEvaluation

/// The options of a results report, checked before anything is read.
@Suite struct ResultsQueryTests {
    @Test func defaultsAreFourteenDaysInDollarsUpToNow() throws {
        let query = try ResultsQuery(window: nil, from: nil, to: nil, currency: nil, sequential: false)
        #expect(query == ResultsQuery())
        #expect(query.window.seconds == 14 * 86_400 && query.window.description == "P14D" && query.currency == "USD")
    }

    @Test(arguments: [("P14D", 1_209_600), ("PT72H", 259_200), ("P1W", 604_800), ("P1DT12H", 129_600),
                      ("PT90M", 5_400), ("P3650D", 315_360_000)])
    func windowsAreWeeksDaysAndTimes(_ text: String, _ seconds: Int64) throws {
        #expect(try ResultsQuery(window: text, from: nil, to: nil, currency: nil, sequential: false).window.seconds
            == seconds)
    }

    @Test(arguments: ["P1M", "P1Y", "PT0S", "P3651D", "14d", "P", "P-1D", "P99999999999999999999D"])
    func otherWindowsAreRefused(_ text: String) {
        #expect(throws: ResultsError.invalidWindow(text)) {
            try ResultsQuery(window: text, from: nil, to: nil, currency: nil, sequential: false)
        }
    }

    @Test func timesCurrencyAndPeriodAreChecked() {
        #expect(throws: ResultsError.invalidTime(name: "from", value: "yesterday")) {
            try ResultsQuery(window: nil, from: "yesterday", to: nil, currency: nil, sequential: false)
        }
        #expect(throws: ResultsError.invalidCurrency("usd")) {
            try ResultsQuery(window: nil, from: nil, to: nil, currency: "usd", sequential: false)
        }
        let noon = Timestamp("2026-12-01T12:00:00Z")!
        #expect(throws: ResultsError.emptyPeriod(from: noon, to: noon)) {
            try ResultsQuery(window: nil, from: "2026-12-01T12:00:00Z", to: "2026-12-01T12:00:00Z", currency: nil,
                             sequential: false)
        }
        #expect(ResultsError.invalidWindow("P1M").description.contains("P14D"))
    }
}
