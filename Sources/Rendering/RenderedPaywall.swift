/// A paywall as a user sees it, in one locale: every line already formatted.
package struct RenderedPaywall: Hashable, Sendable, Encodable {
    package var app: String
    package var paywall: String
    /// The locale asked for, as given.
    package var requestedLocale: String
    /// The locale of the templates used, after fallback.
    package var locale: String
    /// `rtl` for right-to-left locales, else `ltr`.
    package var direction: String
    package var storefront: String?
    package var currency: String
    /// Fallbacks taken and lines left out, in words.
    package var warnings: [String]
    package var title: String?
    package var subtitle: String?
    package var products: [RenderedProduct]
    /// The auto-renewal disclosure, once per auto-renewable product with a price.
    package var disclosure: [String]
    package var restore: String
    package var terms: LegalLink
    package var privacy: LegalLink

    enum CodingKeys: String, CodingKey {
        case app, paywall, requestedLocale = "requested_locale", locale, direction, storefront, currency, warnings,
             title, subtitle, products, disclosure, restore, terms, privacy
    }

    /// Encodes every key, absent lines as `null`, so clients always see one shape.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(app, forKey: .app)
        try container.encode(paywall, forKey: .paywall)
        try container.encode(requestedLocale, forKey: .requestedLocale)
        try container.encode(locale, forKey: .locale)
        try container.encode(direction, forKey: .direction)
        try container.encode(storefront, forKey: .storefront)
        try container.encode(currency, forKey: .currency)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(title, forKey: .title)
        try container.encode(subtitle, forKey: .subtitle)
        try container.encode(products, forKey: .products)
        try container.encode(disclosure, forKey: .disclosure)
        try container.encode(restore, forKey: .restore)
        try container.encode(terms, forKey: .terms)
        try container.encode(privacy, forKey: .privacy)
    }
}

/// One product row of a paywall.
package struct RenderedProduct: Hashable, Sendable, Encodable {
    package var id: String
    package var type: String
    package var title: String
    /// The billed price line, or the `price_unavailable` line when the store gave no price.
    package var price: String
    /// The free trial line, only where the user's group is eligible.
    package var trial: String?
    /// The paid intro offer line, only where the user's group is eligible.
    package var intro: String?
    package var badge: String?
    /// False when the store gave no price: the buy button is hidden.
    package var purchasable: Bool
    package var highlighted: Bool

    enum CodingKeys: String, CodingKey {
        case id, type, title, price, trial, intro, badge, purchasable, highlighted
    }

    /// Encodes every key, absent lines as `null`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(title, forKey: .title)
        try container.encode(price, forKey: .price)
        try container.encode(trial, forKey: .trial)
        try container.encode(intro, forKey: .intro)
        try container.encode(badge, forKey: .badge)
        try container.encode(purchasable, forKey: .purchasable)
        try container.encode(highlighted, forKey: .highlighted)
    }
}

/// A legal link's text and address.
package struct LegalLink: Hashable, Sendable, Encodable {
    package var text: String
    package var url: String?

    enum CodingKeys: String, CodingKey { case text, url }

    /// Encodes a missing address as `null`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(url, forKey: .url)
    }
}
