import PolicyModel

/// A product's price in one region (a Play region code such as `US`, an App Store territory such as `USA`).
struct RegionalPrice {
    var region: String
    /// ISO 4217 code.
    var currency: String
    /// An exact decimal string, such as `4.99`.
    var amount: Located<String>
}

/// The prices a store file gives per region, reduced to one per currency, as the catalog model keeps them.
///
/// Several regions can share a currency at different prices (the euro countries, the regions Play prices in US
/// dollars). For each currency the price of the region whose code begins the currency code is kept (`US` or `USA`
/// for `USD`, `GB` for `GBP`, `JP` for `JPY`); for a currency of no such region (`EUR`), the first one added.
struct RegionalPrices {
    private var prices: [String: RegionalPrice] = [:]

    mutating func add(_ price: RegionalPrice) {
        guard let kept = prices[price.currency] else {
            prices[price.currency] = price
            return
        }
        if !Self.isHome(kept.region, of: kept.currency) && Self.isHome(price.region, of: price.currency) {
            prices[price.currency] = price
        }
    }

    var byCurrency: [String: Located<String>] { prices.mapValues(\.amount) }

    /// Whether `region` is the country whose code begins `currency`'s code.
    private static func isHome(_ region: String, of currency: String) -> Bool {
        region.count >= 2 && currency.hasPrefix(region.prefix(2))
    }

    /// Whether `text` is a plain decimal number: digits, optionally a point and more digits.
    static func isDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { part in !part.isEmpty && part.utf8.allSatisfy { (48...57).contains($0) } }
    }
}
