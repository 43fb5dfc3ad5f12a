import Diagnostics
import PolicyLoader
import PolicyModel
import Testing

/// Prices files: amounts keep their currency's digits (as the caller's currency data gives them) or are
/// errors at their place; nothing is rounded.
@Suite struct PriceSheetLoaderTests {
    /// Stands in for ICU's data, which the command line and the service pass.
    static let digits: CurrencyDigits = { ["USD": 2, "JPY": 0, "BHD": 3][$0] }

    static func load(_ text: String) -> Loaded<PriceSheet> {
        PriceSheetLoader.load(Array(text.utf8), file: "prices.yaml", currencyDigits: digits)
    }

    static func findings(_ text: String) -> [String] {
        load(text).diagnostics.map { diagnostic in
            let start = diagnostic.span.start
            return "\(start.line):\(start.column): \(diagnostic.message) [\(diagnostic.rule)] help: \(diagnostic.help ?? "")"
        }
    }

    @Test(arguments: [("USD", "1.00"), ("USD", "1"), ("USD", "0.5"), ("JPY", "480"), ("BHD", "1.950")])
    func amountsWithinTheCurrencysDigits(_ currency: String, _ amount: String) throws {
        let loaded = Self.load("currency: \(currency)\nprices:\n  p: \"\(amount)\"\n")
        #expect(loaded.diagnostics.isEmpty)
        #expect(try #require(loaded.value).prices["p"]?.value.text == amount)
    }

    @Test func moreDecimalsThanTheCurrencyHasAreErrorsAtTheAmount() {
        let text = """
            currency: USD
            prices:
              com.example.app.pro: "1.005"
            intro_prices:
              com.example.app.pro: "0.999"

            """
        #expect(Self.load(text).value == nil)
        #expect(Self.findings(text) == [
            "3:24: the price of 'com.example.app.pro' in prices, '1.005', has 3 decimal places; USD has at most 2 "
                + "decimal places [invalid-value] help: write the amount exactly as the store gave it, with at "
                + "most 2 decimal places; prices are never rounded",
            "5:24: the price of 'com.example.app.pro' in intro_prices, '0.999', has 3 decimal places; USD has at "
                + "most 2 decimal places [invalid-value] help: write the amount exactly as the store gave it, with "
                + "at most 2 decimal places; prices are never rounded",
        ])
    }

    @Test func aCurrencyWithoutMinorUnitsTakesWholeAmounts() {
        #expect(Self.findings("currency: JPY\nprices: { p: \"480.0\" }\n") == [
            "2:14: the price of 'p' in prices, '480.0', has 1 decimal place; JPY has no decimal places "
                + "[invalid-value] help: write the amount exactly as the store gave it, with no decimal places; "
                + "prices are never rounded",
        ])
    }

    @Test func aCodeTheCurrencyDataDoesNotKnowIsAnError() {
        #expect(Self.findings("currency: XAU\nprices: { p: \"1.005\" }\n") == [
            "1:11: currency 'XAU' is not an ISO 4217 currency in use [invalid-value] help: write the currency code "
                + "the store gave, such as USD, EUR or KRW",
        ])
    }
}
