import PolicyModel
import TollgateEvaluation

/// The template file of each locale of a starting policy: the store's product and group names as titles, and
/// English paywall lines that pass the review rules, to edit and translate.
extension StartingPolicy {
    /// The text of `locale`'s template file.
    func templateText(locale: String) -> String {
        var out = YAMLLines()
        let y = YAMLText.self
        out.line("# Paywall words for '\(YAMLText.commentText(locale))', written by 'tollgate catalog import': the titles are "
                     + "the catalog's names, the lines are English placeholders to edit"
                     + (locale.hasPrefix("en") ? "." : " and translate."))
        out.line("format: tollgate-templates/v1")
        out.line("locale: \(y.scalar(locale))")
        if let titles = tierTitles[locale], !titles.isEmpty {
            out.line("tiers:")
            for entry in titles { out.line("  \(y.scalar(entry.id)): \(y.scalar(Self.message(entry.title)))") }
        }
        if let titles = productTitles[locale], !titles.isEmpty {
            out.line("products:")
            for entry in titles { out.line("  \(y.scalar(entry.id)): \(y.scalar(Self.message(entry.title)))") }
        }
        let shown = paywall.compactMap { id in products.first { $0.id == id } }
        let types = Self.sectionOrder.filter { type in shown.contains { $0.type == type } }
        out.line("paywalls:")
        out.line("  main:")
        out.line("    title: \(y.quoted("Get {tier_title}"))")
        for type in types {
            let ofType = shown.filter { $0.type == type }
            out.line("    \(type.rawValue):")
            out.line("      price: \(y.quoted(Self.priceLine(type)))")
            if ofType.contains(where: { $0.introOffer?.type == .freeTrial }) {
                out.line("      trial: \(y.quoted("{trial_period} free, then {price} / {period}"))")
            }
            if ofType.contains(where: { $0.introOffer.map { $0.type != .freeTrial } ?? false }) {
                out.line("      intro: \(y.quoted("{intro_price} for {trial_period}, then {price} / {period}"))")
            }
        }
        if types.contains(.autoRenewable) {
            out.line("    disclosure: \(y.quoted(Self.disclosure))")
        }
        out.line("    restore: \(y.quoted("Restore Purchases"))")
        out.line("    terms: \(y.quoted("Terms of Use"))")
        out.line("    privacy: \(y.quoted("Privacy Policy"))")
        out.line("    price_unavailable: \(y.quoted("Price unavailable right now"))")
        return out.text
    }

    /// The product-type sections in the order a paywall usually shows them.
    private static let sectionOrder: [ProductType] = [.autoRenewable, .nonRenewing, .nonConsumable, .consumable]

    private static func priceLine(_ type: ProductType) -> String {
        switch type {
        case .autoRenewable: "{price} / {period}"
        case .nonRenewing: "{price} for {period}, does not renew"
        case .nonConsumable: "{price}, one-time purchase"
        case .consumable: "{price}"
        }
    }

    private static let disclosure = "{product_title} renews automatically every {period} for {price} unless "
        + "cancelled at least 24 hours before the end of the current period. Payment is charged to your account "
        + "at confirmation of purchase. Manage or cancel your subscription anytime in your account settings."

    /// `text` as a MessageFormat message that prints it: apostrophes doubled, braces quoted.
    static func message(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "'": result += "''"
            case "{": result += "'{'"
            case "}": result += "'}'"
            default: result.append(character)
            }
        }
        return result
    }
}
