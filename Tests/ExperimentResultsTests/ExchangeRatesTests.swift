import Diagnostics
import ExperimentResults
import TestSupport
import Testing

/// The rates file: units of each currency per unit of the base; every mistake with its place.
@Suite struct ExchangeRatesTests {
    @Test func factorsConvertThroughTheBase() throws {
        let rates = try ExchangeRates.read(Array("base: USD\nrates: {EUR: 0.5, JPY: 150}\n".utf8), file: "r.yaml").get()
        #expect(rates == ExchangeRates(base: "USD", rates: ["EUR": 0.5, "JPY": 150]))
        #expect(try rates.factors(into: "USD") == ["USD": 1, "EUR": 2, "JPY": 1.0 / 150])
        #expect(try rates.factors(into: "EUR") == ["USD": 0.5, "EUR": 1, "JPY": 0.5 / 150])
        #expect(throws: ResultsError.currencyNotInRates(currency: "GBP", base: "USD")) { try rates.factors(into: "GBP") }
    }

    @Test func mistakesArePlacedAndExplained() {
        let text = "base: usd\nrates:\n  EUR: -1\n  yen: 3\n  JPY: lots\nextra: 1\n"
        guard case .failure(let error) = ExchangeRates.read(Array(text.utf8), file: "rates.yaml") else {
            Issue.record("the file is refused")
            return
        }
        expectGolden(TextFormat().render(error.diagnostics), at: Fixtures.path("experiments/rates-mistakes.txt"))
    }

    @Test(arguments: ["", "- USD\n", "base: USD\n", "base: EUR\nrates: {EUR: 2}\n", "rates: [1]\nbase: USD\n"])
    func incompleteFilesAreRefused(_ text: String) {
        guard case .failure(let error) = ExchangeRates.read(Array(text.utf8), file: "rates.yaml") else {
            Issue.record("'\(text)' is refused")
            return
        }
        #expect(!error.diagnostics.isEmpty && error.diagnostics.allSatisfy { $0.span.file == "rates.yaml" })
    }
}
