package import PolicyModel

/// What some rules need from outside the files: ICU's plural data and currency digits, and what was published
/// before.
package struct ValidationContext: Sendable {
    /// The plural categories of each locale, for `template-plural-categories`.
    package var pluralCategories: PluralCategories
    /// The minor-unit digits of each currency, which also tell which codes are currencies.
    package var currencyDigits: CurrencyDigits
    /// The published products of each app, by app id; nil when nothing says what was published, and then the
    /// rules that compare with it are left out of the table.
    package var baselines: [String: ProductBaseline]?

    package init(pluralCategories: @escaping PluralCategories, currencyDigits: @escaping CurrencyDigits,
                 baselines: [String: ProductBaseline]? = nil) {
        self.pluralCategories = pluralCategories
        self.currencyDigits = currencyDigits
        self.baselines = baselines
    }
}
