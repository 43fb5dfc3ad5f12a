package import Foundation
package import PolicyModel

/// A variable's value in a message: the text shown for `{name}`, the number plurals select on,
/// and the key `select` cases match.
///
/// The number and the key are kept in the form they were computed in (minor units, a period) and only
/// turned into a `Decimal` or a string when a plural or a select reads them, which most messages never do.
package struct MessageValue: Hashable, Sendable {
    /// What `{name}` prints, already localized.
    package var text: String
    /// The exact number, as minor units (an integer has no fraction digits); nil for words.
    package var amount: MinorAmount?
    /// The period the text names, whose ISO 8601 form is the select key.
    package var period: ISOPeriod?

    package init(text: String, amount: MinorAmount? = nil, period: ISOPeriod? = nil) {
        self.text = text
        self.amount = amount
        self.period = period
    }

    /// A whole number and its text.
    package init(text: String, integer: Int) {
        self.init(text: text, amount: MinorAmount(units: Int64(integer), digits: 0))
    }

    /// The number `plural` selects on and `{name, number}` and `#` print; nil for words.
    package var number: Decimal? { amount?.decimal }

    /// What `select` cases match: `P1M` for a period, the plain number, else the text (such as a currency code).
    package var key: String { period?.description ?? number?.description ?? text }
}
