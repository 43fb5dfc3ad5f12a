import Diagnostics
import JSON
import PolicyModel

/// The checked scalar values of `.storekit` entries: prices, ISO 8601 periods and counts from 1 up.
extension StoreKitEntries {
    /// `displayPrice` as the price in the storefront's currency; none when absent, null or empty.
    func prices(_ object: JSONNode, in what: String) throws(CatalogError) -> [String: Located<String>] {
        guard let price = try document.optionalString(object, "displayPrice", in: what), !price.value.isEmpty else {
            return [:]
        }
        guard Self.isDecimal(price.value) else {
            throw error("'displayPrice' of \(what) must be a decimal price such as '0.99'; found '\(price.value)'",
                        at: price.span)
        }
        return [currency: price]
    }

    /// The member `name` as an ISO 8601 period such as `P1M`; nil when absent or null.
    func period(_ object: JSONNode, _ name: String, in what: String) throws(CatalogError) -> Located<String>? {
        guard let period = try document.optionalString(object, name, in: what) else { return nil }
        guard Self.isPeriod(period.value) else {
            throw error("'\(name)' of \(what) must be an ISO 8601 period such as 'P1W', 'P1M' or 'P1Y'; "
                            + "found '\(period.value)'", at: period.span)
        }
        return period
    }

    /// The member `name` as a whole number from 1 up; nil when absent or null.
    func positiveInt(_ object: JSONNode, _ name: String, in what: String) throws(CatalogError) -> Located<Int>? {
        guard let node = object[name], !node.isNull else { return nil }
        guard let number = node.number, let whole = Int(exactly: number), whole >= 1 else {
            let found = node.number.map { number in Int(exactly: number).map(String.init) ?? "\(number)" }
                ?? node.kindName
            throw document.error("'\(name)' of \(what) must be a whole number from 1 up, found \(found)", at: node)
        }
        return Located(whole, at: document.span(node))
    }

    /// An error at `span`.
    func error(_ problem: String, at span: SourceSpan,
               as kind: (CatalogError.Location, String) -> CatalogError = CatalogError.invalidValue) -> CatalogError {
        document.error(problem, at: span, as: kind)
    }

    /// Digits, optionally with a point and more digits: `0.99`, `12`.
    private static func isDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    /// `P` and one or more counts with a unit of years, months, weeks or days: `P1M`, `P3D`, `P1Y6M`.
    private static func isPeriod(_ text: String) -> Bool {
        guard text.first == "P", text.count > 1 else { return false }
        var digits = 0
        for character in text.dropFirst() {
            if character.isASCII, character.isNumber {
                digits += 1
            } else if "YMWD".contains(character), digits > 0 {
                digits = 0
            } else {
                return false
            }
        }
        return digits == 0
    }
}
