package import PolicyModel

/// What some rules need from outside the files: ICU's plural data, currency digits and country codes, and
/// what was published before.
package struct ValidationContext: Sendable {
    /// The plural categories of each locale, for `template-plural-categories`.
    package var pluralCategories: PluralCategories
    /// The minor-unit digits of each currency, which also tell which codes are currencies.
    package var currencyDigits: CurrencyDigits
    /// The ISO 3166-1 alpha-3 code of each real country by its alpha-2 code, for `audience-storefront-code`.
    package var storefronts: [String: String]
    /// The published products of each app, by app id; nil when nothing says what was published, and then the
    /// rules that compare with it are left out of the table.
    package var baselines: [String: ProductBaseline]?
    /// The id of every rule a waiver may name, those of rules other modules provide too; nil: the standard rules.
    package var ruleIDs: [String]?

    package init(pluralCategories: @escaping PluralCategories, currencyDigits: @escaping CurrencyDigits,
                 storefronts: [String: String], baselines: [String: ProductBaseline]? = nil,
                 ruleIDs: [String]? = nil) {
        self.pluralCategories = pluralCategories
        self.currencyDigits = currencyDigits
        self.storefronts = storefronts
        self.baselines = baselines
        self.ruleIDs = ruleIDs
    }
}
