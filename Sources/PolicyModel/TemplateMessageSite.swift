/// A message of a template file with the words that name its place, for rules that check every message.
///
/// Sites are not stored: `TemplateSet.forEachMessageSite` makes each from the entry it names when asked,
/// so a file's messages are held once, in its entries.
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
    /// The number of messages in the file: titles, paywall entries and their sections' entries.
    package var messageCount: Int {
        paywalls.reduce(tiers.count + features.count + products.count) { total, paywall in
            paywall.sections.reduce(total + paywall.entries.count) { $0 + $1.entries.count }
        }
    }

    /// Calls `body` with each message of the file and its place: the titles of tiers, features and products
    /// (unless `paywallsOnly`), then each paywall's entries and its sections' entries. With `include`, only
    /// the messages it accepts, and no site is made for the others.
    package func forEachMessageSite(paywallsOnly: Bool = false, where include: ((TemplateMessage) -> Bool)? = nil,
                                    _ body: (TemplateMessageSite) -> Void) {
        if !paywallsOnly {
            for (kind, entries) in [("tier", tiers), ("feature", features), ("product", products)] {
                for entry in entries where include?(entry.message) ?? true {
                    body(TemplateMessageSite(message: entry.message, titled: kind, paywall: nil, section: nil,
                                             key: entry.key.value))
                }
            }
        }
        for paywall in paywalls {
            let id = paywall.id.value
            for entry in paywall.entries where include?(entry.message) ?? true {
                body(TemplateMessageSite(message: entry.message, titled: nil, paywall: id, section: nil,
                                         key: entry.key.value))
            }
            for section in paywall.sections {
                for entry in section.entries where include?(entry.message) ?? true {
                    body(TemplateMessageSite(message: entry.message, titled: nil, paywall: id,
                                             section: section.name.value, key: entry.key.value))
                }
            }
        }
    }

    /// Every message of the file with its place, in `forEachMessageSite`'s order, as a list made on each use.
    package var messageSites: [TemplateMessageSite] {
        var sites: [TemplateMessageSite] = []
        sites.reserveCapacity(messageCount)
        forEachMessageSite { sites.append($0) }
        return sites
    }
}
