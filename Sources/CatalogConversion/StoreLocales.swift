/// How store locales (`en_US`, `en-US`, `ar`, `zh_Hans`) and policy locales (`en`, `en-GB`) map to each other.
///
/// A policy locale names a template file and is looked up with fallback (`ko-KR` → `ko` → the default), so the
/// import gives the first store locale of each language the bare language (`en_US` → `en`) and keeps the region or
/// script of the others (`en_GB` → `en-GB`), which then fall back to it. The export writes the App Store
/// Connect locale of each template: the region for the languages App Store Connect names with one (`en` →
/// `en_US`, `de` → `de_DE`), the bare language otherwise (`ja`, `ar`), and `_` for `-` (`en-GB` → `en_GB`).
package enum StoreLocales {
    /// The policy locale of each store locale of `storeLocales`, in the order given; duplicates map alike.
    package static func policyLocales(for storeLocales: [String]) -> [(store: String, policy: String)] {
        var mapped: [String: String] = [:]
        var languages: Set<String> = []
        var result: [(store: String, policy: String)] = []
        for store in storeLocales {
            if let known = mapped[store] {
                result.append((store, known))
                continue
            }
            let tag = bcp47(store)
            let language = String(tag.split(separator: "-").first ?? "")
            let policy = languages.insert(language).inserted ? language : tag
            mapped[store] = policy
            result.append((store, policy))
        }
        return result
    }

    /// `text` with `_` as `-` and each subtag cased the BCP 47 way: `en_us` → `en-US`, `zh_hans` → `zh-Hans`.
    static func bcp47(_ text: String) -> String {
        let parts = text.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        return parts.enumerated().map { index, part in
            if index == 0 { return part.lowercased() }
            if part.count == 4 { return part.prefix(1).uppercased() + part.dropFirst().lowercased() }
            return part.count == 2 ? part.uppercased() : part
        }.joined(separator: "-")
    }

    /// The App Store Connect locale of a policy locale, as `.storekit` files write it.
    package static func storeLocale(for policyLocale: String) -> String {
        let tag = bcp47(policyLocale)
        if tag.contains("-") { return tag.split(separator: "-").joined(separator: "_") }
        return regionalDefaults[tag] ?? tag
    }

    /// Languages App Store Connect lists only with a region or script.
    private static let regionalDefaults = [
        "en": "en_US", "de": "de_DE", "fr": "fr_FR", "es": "es_ES", "nl": "nl_NL", "pt": "pt_PT", "zh": "zh_Hans",
    ]
}
