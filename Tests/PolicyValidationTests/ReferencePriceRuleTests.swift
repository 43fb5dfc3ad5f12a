@testable import PolicyValidation
import Testing
import Project
import Diagnostics

@Suite("reference-price-invalid")
struct ReferencePriceRuleTests {
    static let rule = ReferencePriceInvalidRule(currencyDigits: ValidationContext.icu().currencyDigits)

    static func body(_ prices: String, offer: String = "") -> String {
        "products:\n  - { id: p, type: auto-renewable, group: g, period: P1M, grants: [free], "
            + "reference_prices: { \(prices) }\(offer) }\n"
    }

    @Test(arguments: ["USD: \"2.99\"", "USD: \"3\"", "USD: \"0\"", "JPY: \"480\"", "KRW: \"3900\"", "BHD: \"1.950\"",
                      "KWD: \"1.5\"", "EUR: \"2.9\"", "CLP: \"4990\"", "VND: \"99000\"", "ISK: \"1490\""])
    func valid(_ price: String) throws {
        #expect(try ModelRuleSources.messages(Self.rule, Self.body(price)).isEmpty)
    }

    @Test(arguments: [
        ("JPY: \"480.0\"", "reference price '480.0' has 1 decimal place; JPY has no decimal places",
         "write the price as the store shows it, with no decimal places"),
        ("BHD: \"1.9500\"", "reference price '1.9500' has 4 decimal places; BHD has at most 3 decimal places",
         "write the price as the store shows it, with at most 3 decimal places"),
        ("USD: \"2.999\"", "reference price '2.999' has 3 decimal places; USD has at most 2 decimal places",
         "write the price as the store shows it, with at most 2 decimal places"),
        // ICU's CLDR data gives these no minor unit, which a hand-written table had as two.
        ("CLP: \"4990.50\"", "reference price '4990.50' has 2 decimal places; CLP has no decimal places",
         "write the price as the store shows it, with no decimal places"),
        ("VND: \"99000.5\"", "reference price '99000.5' has 1 decimal place; VND has no decimal places",
         "write the price as the store shows it, with no decimal places"),
        ("ISK: \"1490.00\"", "reference price '1490.00' has 2 decimal places; ISK has no decimal places",
         "write the price as the store shows it, with no decimal places"),
        ("USD: \"1,299.00\"", "reference price '1,299.00' is not a plain decimal amount; expected digits with an "
            + "optional '.' and fraction, such as '2.99'", "write '1299.00'"),
        ("EUR: \"2,99\"", "reference price '2,99' is not a plain decimal amount; expected digits with an optional '.' "
            + "and fraction, such as '2.99'", "write '2.99'"),
        ("USD: \"-1.00\"", "reference price '-1.00' is not a plain decimal amount; expected digits with an optional "
            + "'.' and fraction, such as '2.99'", nil),
        ("USD: \"$2.99\"", "reference price '$2.99' is not a plain decimal amount; expected digits with an optional "
            + "'.' and fraction, such as '2.99'", nil),
        ("Usd: \"2.99\"", "'Usd' is not an ISO 4217 currency code; expected three uppercase letters such as USD, EUR "
            + "or JPY", "write 'USD'"),
        ("XYZ: \"2.99\"", "'XYZ' is not an ISO 4217 currency code; expected a code such as USD, EUR or JPY", nil),
        ("DEM: \"2.99\"", "'DEM' is not an ISO 4217 currency code; expected a code such as USD, EUR or JPY", nil),
        ("XAU: \"2.99\"", "'XAU' is not an ISO 4217 currency code; expected a code such as USD, EUR or JPY", nil),
    ] as [(String, String, String?)])
    func invalid(_ price: String, _ message: String, _ help: String?) throws {
        let app = try ModelRuleSources.load(ModelRuleSources.policy(Self.body(price)))
        let findings = Self.rule.check(app)
        #expect(findings.map(\.message) == [message])
        #expect(findings.first?.help == help)
    }

    @Test("intro offer prices are checked too")
    func introOffer() throws {
        let offer = ", intro_offer: { type: pay-up-front, period: P3M, reference_prices: { KRW: \"990.5\" } }"
        #expect(try ModelRuleSources.messages(Self.rule, Self.body("USD: \"2.99\"", offer: offer)) == [
            "reference price '990.5' has 1 decimal place; KRW has no decimal places",
        ])
    }
}
