package import Diagnostics

/// A key of a template mapping and its message, such as `restore: Restore purchases`.
package struct TemplateEntry: Hashable, Sendable {
    package var key: Located<String>
    package var message: TemplateMessage

    package init(key: Located<String>, message: TemplateMessage) {
        self.key = key
        self.message = message
    }
}

/// The lines for one product type on a paywall (`auto-renewable: { price: …, trial: … }`).
package struct TemplateSection: Hashable, Sendable {
    /// The section's name as written; a name that is not a product type is reported by validation.
    package var name: Located<String>
    package var entries: [TemplateEntry]

    package init(name: Located<String>, entries: [TemplateEntry]) {
        self.name = name
        self.entries = entries
    }

    package func entry(_ key: String) -> TemplateEntry? { entries.first { $0.key.value == key } }
}

/// One paywall's messages in one locale.
package struct PaywallTemplate: Hashable, Sendable {
    package var id: Located<String>
    package var entries: [TemplateEntry]
    package var sections: [TemplateSection]
    package var span: SourceSpan

    package init(id: Located<String>, entries: [TemplateEntry], sections: [TemplateSection], span: SourceSpan) {
        self.id = id
        self.entries = entries
        self.sections = sections
        self.span = span
    }

    package func entry(_ key: String) -> TemplateEntry? { entries.first { $0.key.value == key } }
    package func section(_ name: String) -> TemplateSection? { sections.first { $0.name.value == name } }

    /// The message keys a paywall template may have besides its product-type sections.
    package static let messageKeys = ["title", "subtitle", "disclosure", "restore", "terms", "privacy",
                                      "price_unavailable"]
    /// The message keys of a product-type section.
    package static let sectionKeys = ["price", "trial", "intro", "badge"]
}

/// The template file of one locale: titles of tiers, features and products, and paywall messages.
package struct TemplateSet: Hashable, Sendable {
    package var file: String
    package var locale: Located<String>
    package let tiers: [TemplateEntry]
    package let features: [TemplateEntry]
    package let products: [TemplateEntry]
    package let paywalls: [PaywallTemplate]
    private let paywallIndex: [String: Int]

    package init(file: String, locale: Located<String>, tiers: [TemplateEntry], features: [TemplateEntry],
                 products: [TemplateEntry], paywalls: [PaywallTemplate]) {
        self.file = file
        self.locale = locale
        self.tiers = tiers
        self.features = features
        self.products = products
        self.paywalls = paywalls
        paywallIndex = Dictionary(paywalls.enumerated().map { ($1.id.value, $0) }) { first, _ in first }
    }

    /// The template of the paywall with this id.
    package func paywall(_ id: String) -> PaywallTemplate? { paywallIndex[id].map { paywalls[$0] } }
}

/// A policy with the template files found for its app: what validation and rendering take.
package struct AppSources: Hashable, Sendable {
    package var policy: Policy
    package var templates: [TemplateSet]
    /// Locales whose template file exists but could not be loaded (already reported).
    package var unreadableLocales: Set<String>
    /// The folder the app's templates are read from, for messages (`Templates/<app>`).
    package var templateDirectory: String

    package init(policy: Policy, templates: [TemplateSet], unreadableLocales: Set<String>, templateDirectory: String) {
        self.policy = policy
        self.templates = templates
        self.unreadableLocales = unreadableLocales
        self.templateDirectory = templateDirectory
    }

    package func templates(for locale: String) -> TemplateSet? { templates.first { $0.locale.value == locale } }
}

/// The variables a paywall message may use.
package enum TemplateVariable: String, CaseIterable, Sendable {
    case productTitle = "product_title"
    case price
    case period
    case periodCount = "period_count"
    case pricePerMonth = "price_per_month"
    case pricePerWeek = "price_per_week"
    case trialPeriod = "trial_period"
    case introPrice = "intro_price"
    case savingsPercent = "savings_percent"
    case currency
    case tierTitle = "tier_title"
    case unlockedFeatures = "unlocked_features"

    /// Every variable's name, in the order the template format documents them.
    package static let all = allCases.map(\.rawValue)
}
