import JSON
import PolicyModel

/// Play's amounts as exact decimal strings, never through floating point: `Money` (`units` and `nanos`) and the
/// legacy `priceMicros`.
extension PlayReader {
    /// A `Money` object `{ currencyCode, units, nanos }` as a price: units "3" and nanos 990000000 are "3.99".
    func money(_ node: JSONNode, region: String, in what: String) throws(CatalogError) -> RegionalPrice {
        let money = try document.object(node, "the price of \(what)")
        let currency = try currencyCode(money, "currencyCode", in: what)
        let units = try wholeNumber(money, "units", in: "the price of \(what)") ?? "0"
        var fraction = ""
        if let nanos = try document.optionalInt(money, "nanos", in: "the price of \(what)") {
            guard (0...999_999_999).contains(nanos.value) else {
                throw located("'nanos' of the price of \(what) must be from 0 to 999999999 (a price is never "
                                  + "negative); found \(nanos.value)", at: nanos)
            }
            fraction = String(nanos.value)
            fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        }
        return RegionalPrice(region: region, currency: currency.value,
                             amount: Located(Self.decimal(units, fraction), at: document.span(money)))
    }

    /// A legacy `{ priceMicros, currency }` as a price: "1990000" is "1.99".
    func micros(_ node: JSONNode, region: String, in what: String) throws(CatalogError) -> RegionalPrice {
        let price = try document.object(node, "the price of \(what)")
        let currency = try currencyCode(price, "currency", in: what)
        guard let micros = try wholeNumber(price, "priceMicros", in: "the price of \(what)") else {
            throw document.error("the price of \(what) has no 'priceMicros'; expected a whole number of "
                                     + "millionths, such as \"1990000\" for 1.99", at: price,
                                 as: CatalogError.missingMember)
        }
        let padded = String(repeating: "0", count: max(0, 7 - micros.count)) + micros
        return RegionalPrice(region: region, currency: currency.value,
                             amount: Located(Self.decimal(String(padded.dropLast(6)), String(padded.suffix(6))),
                                             at: document.span(price)))
    }

    /// The ISO 4217 code member `name`: three capital letters.
    private func currencyCode(_ object: JSONNode, _ name: String, in what: String) throws(CatalogError)
        -> Located<String> {
        let code = try document.string(object, name, in: "the price of \(what)")
        guard code.value.count == 3, code.value.utf8.allSatisfy({ (65...90).contains($0) }) else {
            throw located("'\(name)' of the price of \(what) must be an ISO 4217 code such as \"USD\"; found "
                              + "\"\(code.value)\"", at: code)
        }
        return code
    }

    /// The non-negative whole number member `name`, written as a string of digits (as Play writes 64-bit
    /// numbers) or as a number; nil when absent.
    private func wholeNumber(_ object: JSONNode, _ name: String, in what: String) throws(CatalogError) -> String? {
        guard let node = object[name], !node.isNull else { return nil }
        if let number = node.number, let whole = Int(exactly: number), whole >= 0 { return String(whole) }
        if let text = node.string, !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }) { return text }
        let found = node.string.map { "\"\($0)\"" } ?? node.kindName
        throw document.error("'\(name)' of \(what) must be a non-negative whole number such as \"3\"; found \(found)",
                             at: node)
    }

    /// `integer` and the digits `fraction` as a decimal without leading or trailing zeros: ("03", "500") is "3.5".
    static func decimal(_ integer: String, _ fraction: String) -> String {
        let whole = integer.drop { $0 == "0" }
        var fraction = Substring(fraction)
        while fraction.last == "0" { fraction.removeLast() }
        return (whole.isEmpty ? "0" : String(whole)) + (fraction.isEmpty ? "" : "." + fraction)
    }
}
