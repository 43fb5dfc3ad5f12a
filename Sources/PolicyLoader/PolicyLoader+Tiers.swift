import Diagnostics
import PolicyModel
import YAML

extension NodeReader {
    static let tierKeys = ["title", "ad_free", "includes"]
    static let featureKeys = ["title", "tier"]
    static let featureRequiredKeys = ["tier"]

    /// The tiers in file order, with `free` first when the file leaves it out.
    mutating func tiers(_ node: Node?, in root: Node) -> [Tier] {
        var tiers: [Tier] = []
        if let node {
            for (id, value) in entries(node, "tiers") {
                guard let fields = mapping(value, "tier '\(id.value)'", allowed: Self.tierKeys)
                else { continue }
                tiers.append(Tier(
                    id: id,
                    title: fields["title"].flatMap { string($0, "title of tier '\(id.value)'") },
                    adFree: fields["ad_free"].flatMap { bool($0, "ad_free of tier '\(id.value)'") }?.value ?? false,
                    includes: fields["includes"].map { strings($0, "includes of tier '\(id.value)'") } ?? []))
            }
        }
        if !tiers.contains(where: { $0.id.value == Policy.freeTier }) {
            let free = Located(Policy.freeTier, at: node.map { span($0) } ?? span(root))
            tiers.insert(Tier(id: free, title: nil, adFree: false, includes: []), at: 0)
        }
        return tiers
    }

    mutating func features(_ node: Node) -> [Feature] {
        entries(node, "features").compactMap { id, value in
            let what = "feature '\(id.value)'"
            guard let fields = mapping(value, what, allowed: Self.featureKeys, required: Self.featureRequiredKeys),
                  let tier = fields["tier"].flatMap({ string($0, "tier of \(what)") })
            else { return nil }
            return Feature(id: id, title: fields["title"].flatMap { string($0, "title of \(what)") }, tier: tier)
        }
    }
}
