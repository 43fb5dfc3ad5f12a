import Diagnostics
import PolicyLoader
package import PolicyModel
import Rendering

extension Project {
    /// The prices a request body gives, read as a prices file named `request body` with ICU's currency digits
    /// (`otherKeys` are the request's own keys beside them); nil with every mistake as `line:column: message`.
    package static func prices(inRequestBody body: [UInt8], otherKeys: [String]) -> Result<PriceSheet, PriceMistakes> {
        let loaded = PriceSheetLoader.load(body, file: "request body", currencyDigits: CLDRCurrencies.fractionDigits(of:),
                                           otherKeys: otherKeys)
        guard let prices = loaded.value, !loaded.hasErrors else {
            return .failure(PriceMistakes(mistakes: loaded.diagnostics.map { diagnostic in
                "\(diagnostic.span.start.line):\(diagnostic.span.start.column): \(diagnostic.message)"
            }))
        }
        return .success(prices)
    }
}

/// The mistakes of a prices input that does not load, each as `line:column: message`.
package struct PriceMistakes: Error, Sendable {
    package var mistakes: [String]
}
