import Diagnostics
import PolicyLoader
import PolicyModel
import Rendering
package import Server

extension PriceSheetLoader {
    /// The prices input of a request body, as the router reads it: the prices, or every finding of a prices
    /// input that does not load as `line:column: message`.
    package static let request: PriceSheetReader = { body, otherKeys in
        let loaded = load(body, file: "request body", currencyDigits: CLDRCurrencies.fractionDigits(of:),
                          otherKeys: otherKeys)
        guard let prices = loaded.value, !loaded.hasErrors else {
            return .failure(InvalidPrices(mistakes: loaded.diagnostics.map { diagnostic in
                "\(diagnostic.span.start.line):\(diagnostic.span.start.column): \(diagnostic.message)"
            }))
        }
        return .success(prices)
    }
}
