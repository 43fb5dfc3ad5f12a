import PolicyModel
import TollgateEvaluation

/// The policy file of a starting policy, written as text with comments that say what came from the catalog and
/// what is a first guess to edit.
extension StartingPolicy {
    var policyText: String {
        var out = YAMLLines()
        let y = YAMLText.self
        let file = y.commentText(catalogFile)
        out.line("# yaml-language-server: $schema=../schema/policy.schema.json")
        out.line("# A starting policy written by 'tollgate catalog import' from \(file) (\(source)).")
        out.line("# The products, their types, groups, levels, periods, intro offers and prices are the catalog's.")
        out.line("# The tiers, features, paywall, links and review answers are first guesses: edit them, then run")
        out.line("# 'tollgate validate' and 'tollgate catalog check --app \(appID) \(file)'.")
        out.line("format: tollgate/v1")
        out.line("app:")
        out.line("  id: \(y.scalar(appID))")
        out.line("  name: \(y.scalar(appID))", comment: "the app's name as people know it: edit it")
        if let bundleID {
            out.line("  bundle_id: \(y.scalar(bundleID.value))", comment: Self.comment(bundleID.origin, "bundle id"))
        }
        if let packageName {
            out.line("  package_name: \(y.scalar(packageName.value))",
                     comment: Self.comment(packageName.origin, "package name"))
        }
        out.line("  default_locale: \(y.scalar(defaultLocale))", comment: "the first locale the catalog lists")
        let examples = localeExamples.prefix(2).map { "\($0.store) → \($0.policy)" }.joined(separator: ", ")
        out.line("  locales: \(y.list(locales))", comment: "the catalog's localizations"
                     + (examples.isEmpty ? "" : " (\(y.commentText(examples)))") + "; each has a template file")
        out.line("  legal:", comment: "placeholders: paywalls must link to your own terms of use and privacy policy")
        out.line("    terms_url: \(y.quoted("https://example.com/terms"))")
        out.line("    privacy_url: \(y.quoted("https://example.com/privacy"))")
        out.blank()

        out.line("tiers:", comment: "what users hold; 'free' always exists and every user has it")
        for tier in tiers {
            out.comment(Self.explanation(of: tier), indent: 2)
            out.line("  \(y.scalar(tier.id)):")
            out.line("    title: \(y.scalar(tier.title))")
            if case .free = tier.origin {} else { out.line("    ad_free: true", comment: "holding it removes ads") }
        }
        out.blank()

        out.line("products:")
        for product in products { write(product, to: &out) }
        if !groups.isEmpty {
            out.blank()
            out.line("subscription_groups:")
            for group in groups {
                out.line("  \(y.scalar(group.id)):")
                if let title = group.title { out.line("    title: \(y.scalar(title))") }
                out.line("    levels:", comment: "highest level of service first, as the catalog orders them")
                for level in group.levels { out.line("      - \(y.scalar(level))") }
            }
        }
        out.blank()

        out.line("features:", comment: "placeholders: list your app's features, each with the lowest tier that unlocks it")
        for tier in tiers {
            let title = tier.id == Policy.freeTier ? "What every user gets" : "What \(tier.title) unlocks"
            out.line("  \(y.scalar("\(tier.id)-features")): { title: \(y.scalar(title)), tier: \(y.scalar(tier.id)) }")
        }
        out.blank()

        out.line("entitlements:", comment: "which store states keep access")
        for (state, value) in [("active", "grant"), ("grace_period", "grant"), ("billing_retry", "deny"),
                               ("expired", "deny"), ("revoked", "deny"), ("pending", "deny"), ("unknown", "deny")] {
            out.line("  \(state): \(value)")
        }
        out.blank()
        out.line("ads:", comment: "no ad placements yet; add them under 'placements:', e.g. 'banner.home: { format: banner }'")
        out.line("  hide_until_synced: true")
        out.line("  require_consent: true")
        out.blank()

        out.line("paywalls:", comment: "one paywall to start with; its words are in the templates")
        out.line("  main:")
        if paywall.count > 3 {
            out.line("    products:", comment: "in the order the paywall shows them")
            for id in paywall { out.line("      - \(y.scalar(id))") }
        } else {
            out.line("    products: \(y.list(paywall))", comment: "in the order the paywall shows them")
        }
        out.line("    highlight: \(y.scalar(paywall[0]))")
        out.blank()

        out.line("review:")
        out.line("  restore: { locations: [paywall, settings], sync_on_launch: false }")
        out.line("  attestations:", comment: "only a person can confirm these: write 'confirmed' once each is true")
        for name in ["paid_apps_agreement", "tax_and_banking", "reviewer_can_purchase"] {
            out.line("    \(name): pending")
        }
        return out.text
    }

    private func write(_ product: Product, to out: inout YAMLLines) {
        let y = YAMLText.self
        out.line("  - id: \(y.scalar(product.id))")
        out.line("    type: \(product.type.rawValue)", comment: product.type == .consumable
                     ? "grants no tier; say what it adds with 'credits: { currency: coins, amount: 100 }'" : nil)
        if let group = product.group { out.line("    group: \(y.scalar(group))") }
        if let period = product.period {
            out.line("    period: \(y.scalar(period))", comment: product.periodIsPlaceholder
                         ? "a placeholder: the catalog does not say how long \(product.type == .nonRenewing ? "the pass lasts" : "a period is")"
                         : nil)
        }
        if !product.grants.isEmpty { out.line("    grants: \(y.list(product.grants))") }
        if let offer = product.introOffer {
            var fields = ["type: \(offer.type.rawValue)", "period: \(y.scalar(offer.period))"]
            if let periods = offer.periods { fields.append("periods: \(periods)") }
            if !offer.prices.isEmpty { fields.append("reference_prices: \(Self.flow(offer.prices))") }
            out.line("    intro_offer: { \(fields.joined(separator: ", ")) }",
                     comment: offer.periodIsPlaceholder ? "a placeholder period: the catalog does not say it" : nil)
        }
        if let leftOut = product.introOfferLeftOut {
            out.comment("the catalog's \(leftOut) intro offer has no price here: add it as 'intro_offer: "
                            + "{ type: \(leftOut), period: P1M, reference_prices: { USD: \"0.99\" } }'", indent: 4)
        }
        if let name = product.referenceName { out.line("    reference_name: \(y.scalar(name))") }
        if product.prices.count > 4 {
            out.line("    reference_prices:")
            for price in product.prices { out.line("      \(y.scalar(price.currency)): \(y.quoted(price.amount))") }
        } else if !product.prices.isEmpty {
            out.line("    reference_prices: \(Self.flow(product.prices))")
        }
    }

    /// Prices as a flow mapping: `{ USD: "2.99", KRW: "3900" }`.
    static func flow(_ prices: [(currency: String, amount: String)]) -> String {
        "{ " + prices.map { "\(YAMLText.scalar($0.currency)): \(YAMLText.quoted($0.amount))" }.joined(separator: ", ")
            + " }"
    }

    private static func comment(_ origin: StoreIDOrigin, _ what: String) -> String {
        switch origin {
        case .catalog: "from the catalog"
        case .commonPrefix: "the longest common prefix of the product ids: check it is the app's \(what)"
        case .placeholder: "a placeholder: the catalog does not say the app's \(what); replace it"
        }
    }

    private static func explanation(of tier: Tier) -> String {
        switch tier.origin {
        case .free:
            return "Every user's tier: what the app gives without a purchase."
        case .group(let name, let count):
            return "From the subscription group '\(YAMLText.commentText(name))' (\(count) subscription"
                + (count == 1 ? "" : "s") + "): retitle it, and list under 'features' what it unlocks."
        case .product(let id, let type):
            let kind = type == .nonRenewing ? "non-renewing subscription" : "non-consumable"
            return "From the \(kind) '\(id)': if it unlocks all that another tier does, add 'includes: [that-tier]'."
        }
    }
}

/// Lines of a YAML file, with comments after values or on their own lines.
struct YAMLLines {
    private(set) var text = ""

    /// A line, with `comment` after it when given, aligned at column 37 where the line is short enough.
    mutating func line(_ content: String, comment: String? = nil) {
        text += content
        if let comment {
            let width = content.unicodeScalars.count
            text += String(repeating: " ", count: width < 35 ? 36 - width : 2) + "# " + YAMLText.commentText(comment)
        }
        text += "\n"
    }

    /// A comment on its own line, indented by `indent` spaces.
    mutating func comment(_ comment: String, indent: Int) {
        text += String(repeating: " ", count: indent) + "# " + YAMLText.commentText(comment) + "\n"
    }

    mutating func blank() {
        text += "\n"
    }
}
