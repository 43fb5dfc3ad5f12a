import Foundation

/// The full answer of SPEC section 5: tiers, features, ads, upsell offers and a reason for each.
public struct Decision: Codable, Hashable, Sendable {
    /// The ads decision, with the placements it applies to.
    public struct Ads: Codable, Hashable, Sendable {
        public var enabled: Bool
        public var reason: String
        public var placements: [String: Bool]
    }

    public var app: String
    public var policy: String
    public var tiers: [String]
    public var features: [String: Bool]
    public var ads: Ads
    /// For each locked feature, the products that would unlock it, cheapest first.
    public var upsell: [String: [String]]
    /// One sentence per feature.
    public var explain: [String: String]
    /// Input the policy does not know, such as an unknown product id.
    public var warnings: [String]

    /// The canonical JSON of the decision: sorted keys, pretty-printed when asked.
    public func json(pretty: Bool = false) -> Data {
        let encoder = JSONEncoder.evaluation
        if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
        do {
            return try encoder.encode(self)
        } catch {
            preconditionFailure("a decision of strings and booleans always encodes: \(error)")
        }
    }
}
