import PolicyModel

/// Everything one render reads: the prepared paywall, the resolved templates, the locale's formatters and
/// the store's prices. A class, so the product rows share it instead of copying it.
final class RenderContext {
    let policy: Policy
    let resolution: LocaleResolution
    let prepared: PreparedPaywall
    let formats: LocaleFormats
    let prices: PriceSheet
    let messages: MessageRenderer
    /// The store price of each of `prepared.pricedIDs`, read once per render.
    let amounts: [MinorAmount?]

    init(policy: Policy, resolution: LocaleResolution, prepared: PreparedPaywall, formats: LocaleFormats,
         prices: PriceSheet) {
        self.policy = policy
        self.resolution = resolution
        self.prepared = prepared
        self.formats = formats
        self.prices = prices
        messages = MessageRenderer(formats: formats)
        amounts = prepared.pricedIDs.map { id in prices.prices[id].flatMap { formats.amount($0.value) } }
    }

    /// The intro offer price of a product as the store gave it.
    func introPrice(of id: String) -> MinorAmount? { prices.introPrices[id].flatMap { formats.amount($0.value) } }
}
