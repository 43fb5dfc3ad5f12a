import CICU

/// A locale's CLDR plural rules, cardinal or ordinal; selection is thread-safe.
final class ICUPluralRules: Sendable {
    nonisolated(unsafe) private let handle: OpaquePointer
    /// The categories the locale uses, such as `one few many other` for Russian.
    let categories: Set<String>

    init(locale: String, ordinal: Bool) throws(ICUError) {
        let handle = try openICUHandle("plural rules for '\(locale)'") { error, capacity in
            cicu_plural_open(locale, ordinal ? 1 : 0, error, capacity)
        }
        self.handle = handle
        let keywords = readICUText { cicu_plural_keywords(handle, $0, $1) } ?? "other"
        categories = Set(keywords.split(separator: " ").map(String.init))
    }

    deinit { cicu_plural_close(handle) }

    /// The category of `number`: `zero`, `one`, `two`, `few`, `many` or `other`.
    func category(of number: Double) -> String {
        readICUText { cicu_plural_select(handle, number, $0, $1) } ?? "other"
    }
}
