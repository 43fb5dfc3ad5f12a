/// CLDR plural data from ICU, for checks outside rendering.
package enum CLDRPlurals {
    /// The cardinal plural categories of `locale` (a BCP 47 tag), or nil when it is not a well-formed tag.
    package static func categories(of locale: String) -> Set<String>? {
        guard let identifier = ICULocale.identifier(forTag: locale),
              let rules = try? ICUPluralRules(locale: identifier, ordinal: false) else { return nil }
        return rules.categories
    }
}
