import Foundation
import JSON

/// The full answer of an evaluation: tiers, features, ads, upsell offers and a reason for each.
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

    /// The canonical JSON of the decision: compact, keys sorted. Written by hand, for the service answers with it
    /// on every request; tests hold it byte for byte to `JSONEncoder`'s output with sorted keys.
    public func json() -> [UInt8] {
        var writer = JSONWriter(capacity: 1024)
        writer.object { members in
            members.member("ads") { ads in
                ads.object { members in
                    members.member("enabled") { $0.bool(self.ads.enabled) }
                    members.member("placements") { $0.object(self.ads.placements) }
                    members.member("reason") { $0.string(self.ads.reason) }
                }
            }
            members.member("app") { $0.string(app) }
            members.member("explain") { $0.object(explain) }
            members.member("features") { $0.object(features) }
            members.member("policy") { $0.string(policy) }
            members.member("tiers") { $0.array(tiers) }
            members.member("upsell") { $0.object(upsell) }
            members.member("warnings") { $0.array(warnings) }
        }
        return writer.bytes
    }

    /// The decision as indented JSON with sorted keys, for people to read.
    public func prettyJSON() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        do {
            return String(decoding: try encoder.encode(self), as: UTF8.self)
        } catch {
            preconditionFailure("a decision of strings and booleans always encodes: \(error)")
        }
    }
}
