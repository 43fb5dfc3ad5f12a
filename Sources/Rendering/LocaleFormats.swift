package import Foundation
package import PolicyModel

/// Everything locale- and currency-specific a render needs, opened once and shared across renders.
///
/// Opening ICU formatters costs far more than using them, so a caller keeps one `LocaleFormats` per
/// locale and currency (the CLI for one render, the service per policy snapshot). It is immutable and
/// safe to use from many threads.
package final class LocaleFormats: Sendable {
    /// The locale numbers and units are written for, as a BCP 47 tag.
    package let locale: String
    /// The ISO 4217 currency of the prices.
    package let currency: String
    /// The currency's own number of fraction digits (JPY 0, USD 2, BHD 3).
    package let currencyDigits: Int
    /// Whether the locale is written right to left.
    package let isRightToLeft: Bool

    /// Whether the BCP 47 `tag`'s script runs right to left (Arabic, Hebrew, Persian, Urdu); false for a tag ICU
    /// cannot read.
    package static func isRightToLeft(tag: String) -> Bool {
        ICULocale.identifier(forTag: tag).map(ICULocale.isRightToLeft) ?? false
    }

    private let price: ICUNumberFormatter
    private let number: ICUNumberFormatter
    private let percent: ICUNumberFormatter
    /// Full unit names, indexed by `PeriodUnit`.
    private let units: [ICUNumberFormatter]
    private let cardinal: ICUPluralRules
    /// Whether the language has a singular of its own (1 is `one`), so "1 month" is just "month".
    private let hasSingular: Bool
    private let ordinal: ICUPluralRules
    private let list: ICUListFormatter
    private let unitList: ICUListFormatter

    /// Opens the formatters of `locale` (a BCP 47 tag) for prices in `currency`.
    package init(locale: String, currency: String) throws(ICUError) {
        guard let identifier = ICULocale.identifier(forTag: locale) else {
            throw ICUError(description: "'\(locale)' is not a BCP 47 language tag (such as ko, pt-BR or zh-Hant-TW)")
        }
        guard let digits = ICULocale.fractionDigits(ofCurrency: currency) else {
            throw ICUError(description: "'\(currency)' is not an ISO 4217 currency code ICU knows")
        }
        self.locale = locale
        self.currency = currency
        currencyDigits = digits
        isRightToLeft = ICULocale.isRightToLeft(identifier)
        price = try ICUNumberFormatter(skeleton: "currency/\(currency)", locale: identifier)
        number = try ICUNumberFormatter(skeleton: "", locale: identifier)
        percent = try ICUNumberFormatter(skeleton: "percent", locale: identifier)
        var units: [ICUNumberFormatter] = []
        for unit in PeriodUnit.allCases {
            units.append(try ICUNumberFormatter(
                skeleton: "measure-unit/duration-\(unit.name) unit-width-full-name", locale: identifier))
        }
        self.units = units
        cardinal = try ICUPluralRules(locale: identifier, ordinal: false)
        hasSingular = cardinal.category(of: 1) == "one"
        ordinal = try ICUPluralRules(locale: identifier, ordinal: true)
        list = try ICUListFormatter(locale: identifier, units: false)
        unitList = try ICUListFormatter(locale: identifier, units: true)
    }

    /// An amount in the currency, with the currency's own digits: `$29.99`, `¥8,800`, `29,99 €`.
    ///
    /// In right-to-left locales the symbol is isolated, or "US$" would show as "$US" beside Arabic text.
    package func price(_ amount: MinorAmount) -> String {
        price.format(amount, isolatingCurrency: isRightToLeft)
    }

    /// A store amount in minor units of this currency, rounded half up when it has more digits.
    package func amount(_ value: StoreAmount) -> MinorAmount? {
        MinorAmount(value.text, digits: currencyDigits) ?? MinorAmount(rounding: value.value, digits: currencyDigits)
    }

    /// A number in the locale's digits and separators.
    package func number(_ value: Decimal) -> String {
        number.format(value.description)
    }

    /// A whole number in the locale's digits and separators.
    package func number(_ value: Int) -> String {
        number.format(integer: value)
    }

    /// A whole percentage: `37%`, `37 %`, `٣٧٪؜`.
    package func percent(_ value: Int) -> String {
        percent.format(integer: value)
    }

    /// A period's length in words, always with its count: "1 week", "3 months", "1 год".
    package func duration(_ period: ISOPeriod) -> String {
        name(of: period, omitSingleCount: false)
    }

    /// A period as a price's unit: "month" and "3 months" in English, "1개월" in Korean.
    ///
    /// A count of one is left out where the language has a singular form of its own (its plural
    /// category for 1 is `one`); languages without one, such as Korean and Japanese, keep the number.
    package func periodName(_ period: ISOPeriod) -> String {
        name(of: period, omitSingleCount: hasSingular)
    }

    /// The plural category of `number` in this locale.
    package func pluralCategory(of number: Double, ordinal isOrdinal: Bool = false) -> String {
        (isOrdinal ? ordinal : cardinal).category(of: number)
    }

    /// The plural categories this locale's cardinal rules use.
    package var pluralCategories: Set<String> { cardinal.categories }

    /// Items joined as the locale joins a list: "a, b and c", "a, b и c", "a、b、c".
    package func list(_ items: [String]) -> String {
        list.format(items)
    }

    private func name(of period: ISOPeriod, omitSingleCount: Bool) -> String {
        guard let (unit, count) = PeriodUnit.single(of: period) else {
            return unitList.format(PeriodUnit.parts(of: period).map { unit, count in
                units[unit.rawValue].format(integer: count)
            })
        }
        return units[unit.rawValue].format(integer: count, omittingNumber: omitSingleCount && count == 1)
    }
}

/// The calendar units a store period is written in.
enum PeriodUnit: Int, CaseIterable {
    case year, month, week, day

    /// The unit's name in ICU's `duration-…` units.
    var name: String {
        switch self {
        case .year: "year"
        case .month: "month"
        case .week: "week"
        case .day: "day"
        }
    }

    /// The one unit of a period written in a single unit (`P3M`, `P1Y`; `P0D` is zero days), without
    /// building the list of parts; nil for periods of several units (`P1Y6M`).
    static func single(of period: ISOPeriod) -> (PeriodUnit, Int)? {
        switch (period.years != 0, period.months != 0, period.weeks != 0) {
        case (true, false, false) where period.days == 0: (.year, period.years)
        case (false, true, false) where period.days == 0: (.month, period.months)
        case (false, false, true) where period.days == 0: (.week, period.weeks)
        case (false, false, false): (.day, period.days)
        default: nil
        }
    }

    /// The non-zero date components of `period`, largest first; `P0D` counts as zero days.
    static func parts(of period: ISOPeriod) -> [(PeriodUnit, Int)] {
        var parts: [(PeriodUnit, Int)] = []
        if period.years != 0 { parts.append((.year, period.years)) }
        if period.months != 0 { parts.append((.month, period.months)) }
        if period.weeks != 0 { parts.append((.week, period.weeks)) }
        if period.days != 0 || parts.isEmpty { parts.append((.day, period.days)) }
        return parts
    }
}
