/// A CLDR plural category: what a plural's keyword cases name; `allCases` is CLDR's order.
package enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other

    /// Every category's name, in CLDR's order, for suggestions, help lines and findings.
    package static let names = allCases.map(\.rawValue)
}
