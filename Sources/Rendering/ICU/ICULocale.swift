import CICU

/// Facts ICU knows about locales and currencies.
enum ICULocale {
    /// The ICU id of a BCP 47 tag (`ko-KR` → `ko_KR`), or nil when the tag is not well formed.
    static func identifier(forTag tag: String) -> String? {
        guard !tag.isEmpty, tag.utf8.count < 100 else { return nil }
        return readICUText { cicu_locale_from_tag(tag, $0, $1) }
    }

    /// Whether the locale's script runs right to left (Arabic, Hebrew, Persian, Urdu).
    static func isRightToLeft(_ identifier: String) -> Bool {
        cicu_locale_is_right_to_left(identifier) != 0
    }

    /// The fraction digits of an ISO 4217 currency (JPY 0, USD 2, BHD 3), or nil when ICU does not know it.
    static func fractionDigits(ofCurrency code: String) -> Int? {
        let digits = cicu_currency_fraction_digits(code)
        return digits < 0 ? nil : Int(digits)
    }
}
