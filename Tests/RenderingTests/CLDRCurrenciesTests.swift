import Rendering
import Testing

/// ICU's currency digits and codes, as validation and the prices loader get them.
@Suite struct CLDRCurrenciesTests {
    @Test(arguments: [
        ("USD", 2), ("EUR", 2), ("PLN", 2), ("SAR", 2),
        ("JPY", 0), ("KRW", 0), ("CLP", 0), ("VND", 0), ("ISK", 0),
        ("BHD", 3), ("KWD", 3), ("OMR", 3), ("JOD", 3), ("TND", 3),
    ])
    func digits(_ code: String, _ digits: Int) {
        #expect(CLDRCurrencies.fractionDigits(of: code) == digits)
    }

    /// Malformed codes, unknown ones, and codes that are not a currency in use: withdrawn (DEM), a metal (XAU),
    /// "no currency" (XXX) and the test code (XTS).
    @Test(arguments: ["usd", "US", "USDX", "ABC", "", "ÜSD", "DEM", "XAU", "XXX", "XTS"])
    func notACurrency(_ code: String) {
        #expect(CLDRCurrencies.fractionDigits(of: code) == nil)
    }
}
