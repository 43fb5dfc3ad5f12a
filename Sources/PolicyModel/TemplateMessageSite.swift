
/// A message of a template file with the words that name its place, for rules that check every message.
package struct TemplateMessageSite: Hashable, Sendable {
    package var message: TemplateMessage
    /// For titles, what they title: "tier", "feature" or "product"; nil for paywall messages.
    package var titled: String?
    /// Whether it is the title of a tier, feature or product, which takes no variables.
    package var isTitle: Bool { titled != nil }
    /// The paywall the message belongs to, if any.
    package var paywall: String?
    /// The product-type section the message belongs to, if any.
    package var section: String?
    /// The key the message is written under.
    package var key: String

    /// Where the message sits, for findings: "title of tier 'premium'",
    /// "'price' of 'auto-renewable' in paywall 'main'".
    package var place: String {
        if let titled { return "title of \(titled) '\(key)'" }
        let paywall = paywall ?? ""
        guard let section else { return "'\(key)' of paywall '\(paywall)'" }
        return "'\(key)' of '\(section)' in paywall '\(paywall)'"
    }
}

extension TemplateSet {
    /// The titles of tiers, features and products, then each paywall's entries and its sections' entries.
    static func sites(titles: [(kind: String, entries: [TemplateEntry])], paywalls: [PaywallTemplate])
        -> [TemplateMessageSite] {
        // Sized once: a grown array of tens of thousands of sites keeps up to half of them unused.
        var sites: [TemplateMessageSite] = []
        sites.reserveCapacity(titles.reduce(0) { $0 + $1.entries.count } + paywalls.reduce(0) { total, paywall in
            paywall.sections.reduce(total + paywall.entries.count) { $0 + $1.entries.count }
        })
        sites += titles.flatMap { kind, entries in
            entries.map { entry in
                TemplateMessageSite(message: entry.message, titled: kind, paywall: nil, section: nil,
                                    key: entry.key.value)
            }
        }
        for paywall in paywalls {
            let id = paywall.id.value
            sites += paywall.entries.map { entry in
                TemplateMessageSite(message: entry.message, titled: nil, paywall: id, section: nil,
                                    key: entry.key.value)
            }
            for section in paywall.sections {
                sites += section.entries.map { entry in
                    TemplateMessageSite(message: entry.message, titled: nil, paywall: id,
                                        section: section.name.value, key: entry.key.value)
                }
            }
        }
        return sites
    }
}
