package import Diagnostics
package import MessageFormat

/// A template message: its source text and, parsed once at load, its MessageFormat pattern or syntax error.
package struct TemplateMessage: Hashable, Sendable {
    package let text: Located<String>
    /// The pattern, or the syntax error in a box: nearly every message parses, and an error stored inline
    /// would make each message, and each copy of it in `messageSites`, larger by the error's size.
    private let parsed: Parsed
    /// The names of the variables the message uses, or none when it does not parse.
    package let variableNames: Set<String>
    /// Where the text was written, kept to place a finding inside it.
    package let source: ScalarSource?

    package init(text: Located<String>, pattern: Result<MessagePattern, MessageSyntaxError>,
                 source: ScalarSource? = nil) {
        self.text = text
        switch pattern {
        case .success(let pattern): parsed = .pattern(pattern)
        case .failure(let error): parsed = .error(SyntaxErrorBox(error))
        }
        self.source = source
        variableNames = (try? pattern.get()).map { Set($0.variables.map(\.name)) } ?? []
    }

    /// The message's MessageFormat pattern, or why it does not parse.
    package var pattern: Result<MessagePattern, MessageSyntaxError> {
        switch parsed {
        case .pattern(let pattern): .success(pattern)
        case .error(let box): .failure(box.error)
        }
    }

    private enum Parsed: Hashable, Sendable {
        case pattern(MessagePattern)
        case error(SyntaxErrorBox)
    }

    /// A syntax error kept out of line; boxes compare by the error they hold.
    private final class SyntaxErrorBox: Hashable, Sendable {
        let error: MessageSyntaxError

        init(_ error: MessageSyntaxError) {
            self.error = error
        }

        static func == (lhs: SyntaxErrorBox, rhs: SyntaxErrorBox) -> Bool { lhs.error == rhs.error }

        func hash(into hasher: inout Hasher) { hasher.combine(error) }
    }

    /// Where each character of the text was written in the file, when its source can be read back; built
    /// on each use, which only a finding inside the message makes.
    package var sourceMap: SourceMap? { source?.sourceMap(of: text.value, at: text.span) }
}

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
    /// Every message of the file with its place, titles first, listed once at load for the rules.
    package let messageSites: [TemplateMessageSite]
    private let titleCount: Int

    package init(file: String, locale: Located<String>, tiers: [TemplateEntry], features: [TemplateEntry],
                 products: [TemplateEntry], paywalls: [PaywallTemplate]) {
        self.file = file
        self.locale = locale
        self.tiers = tiers
        self.features = features
        self.products = products
        self.paywalls = paywalls
        paywallIndex = Dictionary(paywalls.enumerated().map { ($1.id.value, $0) }) { first, _ in first }
        titleCount = tiers.count + features.count + products.count
        messageSites = Self.sites(titles: [("tier", tiers), ("feature", features), ("product", products)],
                                  paywalls: paywalls)
    }

    /// The messages of the paywalls: their entries and their sections' entries.
    package var paywallSites: ArraySlice<TemplateMessageSite> { messageSites[titleCount...] }

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
