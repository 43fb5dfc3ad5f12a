import Diagnostics
import PolicyModel

/// A message of a template file with the words that name its place, for rules that check every message.
struct TemplateMessageSite {
    var message: TemplateMessage
    /// Where the message sits, for findings: "title of tier 'premium'",
    /// "'price' of 'auto-renewable' in paywall 'main'".
    var place: String
    /// Whether it is the title of a tier, feature or product, which takes no variables.
    var isTitle: Bool
    /// The paywall the message belongs to, if any.
    var paywall: String?
    /// The product-type section the message belongs to, if any.
    var section: String?
    /// The key the message is written under.
    var key: String
}

extension TemplateSet {
    /// Every message of the file: titles of tiers, features and products, then each paywall's entries and sections.
    var messageSites: [TemplateMessageSite] {
        var sites: [TemplateMessageSite] = []
        for (kind, entries) in [("tier", tiers), ("feature", features), ("product", products)] {
            sites += entries.map { entry in
                TemplateMessageSite(message: entry.message, place: "title of \(kind) '\(entry.key.value)'",
                                    isTitle: true, paywall: nil, section: nil, key: entry.key.value)
            }
        }
        for paywall in paywalls {
            let id = paywall.id.value
            sites += paywall.entries.map { entry in
                TemplateMessageSite(message: entry.message, place: "'\(entry.key.value)' of paywall '\(id)'",
                                    isTitle: false, paywall: id, section: nil, key: entry.key.value)
            }
            for section in paywall.sections {
                sites += section.entries.map { entry in
                    TemplateMessageSite(
                        message: entry.message,
                        place: "'\(entry.key.value)' of '\(section.name.value)' in paywall '\(id)'",
                        isTitle: false, paywall: id, section: section.name.value, key: entry.key.value)
                }
            }
        }
        return sites
    }
}
