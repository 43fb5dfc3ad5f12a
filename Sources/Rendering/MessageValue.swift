package import Foundation

/// A variable's value in a message: the text shown for `{name}`, the number plurals select on,
/// and the key `select` cases match.
package struct MessageValue: Hashable, Sendable {
    /// What `{name}` prints, already localized.
    package var text: String
    /// The number `plural` selects on and `{name, number}` and `#` print; nil for words.
    package var number: Decimal?
    /// What `select` cases match: the ISO code of a currency, `P1M` for a period, the plain number.
    package var key: String { explicitKey ?? number?.description ?? text }
    private var explicitKey: String?

    package init(text: String, number: Decimal? = nil, key: String? = nil) {
        self.text = text
        self.number = number
        explicitKey = key
    }
}
