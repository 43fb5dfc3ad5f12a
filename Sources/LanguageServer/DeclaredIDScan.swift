import PolicyModel

/// The ids a policy's text declares, read line by line, for completion while the policy does not load: the keys
/// one level under `tiers`, `features`, `subscription_groups`, `paywalls`, `placements` and `experiments`, and
/// the `id` of each entry of `products`. Block style only; `free` is always a tier.
enum DeclaredIDScan {
    static func ids(_ kind: IdentifierKind, in text: String) -> [String] {
        let section = switch kind {
        case .tier: "tiers"
        case .product: "products"
        case .group: "subscription_groups"
        case .feature: "features"
        case .paywall: "paywalls"
        case .placement: "placements"
        case .experiment: "experiments"
        }
        var ids: [String] = []
        var inSection = false
        var childIndent: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let content = line.drop { $0 == " " }
            guard !content.isEmpty, !content.hasPrefix("#"), !content.allSatisfy(\.isWhitespace) else { continue }
            let indent = line.count - content.count
            if indent == 0 {
                inSection = content.hasPrefix(section + ":")
                childIndent = nil
                continue
            }
            guard inSection else { continue }
            if kind == .product {
                let entry = content.hasPrefix("- ") ? content.dropFirst(2).drop { $0 == " " } : content
                if entry.hasPrefix("id:") { ids.append(value(entry.dropFirst(3))) }
                continue
            }
            if childIndent == nil { childIndent = indent }
            guard indent == childIndent, let colon = content.firstIndex(of: ":") else { continue }
            ids.append(value(content[..<colon]))
        }
        if kind == .tier, !ids.contains(Policy.freeTier) { ids.insert(Policy.freeTier, at: 0) }
        var seen: Set<String> = []
        return ids.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// A plain or quoted scalar without a trailing comment.
    private static func value(_ text: Substring) -> String {
        var value = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        value = value.drop { $0 == " " }
        while value.last == " " || value.last == "\r" { value = value.dropLast() }
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = value.dropFirst().dropLast()
        }
        return String(value)
    }
}
