import Foundation
import PolicyModel

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

    private let price: ICUNumberFormatter
    private let number: ICUNumberFormatter
    private let percent: ICUNumberFormatter
    private let units: [PeriodUnit: ICUNumberFormatter]
    private let cardinal: ICUPluralRules
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
        var units: [PeriodUnit: ICUNumberFormatter] = [:]
        for unit in PeriodUnit.allCases {
            units[unit] = try ICUNumberFormatter(
                skeleton: "measure-unit/duration-\(unit.rawValue) unit-width-full-name", locale: identifier)
        }
        self.units = units
        cardinal = try ICUPluralRules(locale: identifier, ordinal: false)
        ordinal = try ICUPluralRules(locale: identifier, ordinal: true)
        list = try ICUListFormatter(locale: identifier, units: false)
        unitList = try ICUListFormatter(locale: identifier, units: true)
    }

    /// An amount in the currency, with the currency's own digits: `$29.99`, `¥8,800`, `29,99 €`.
    ///
    /// In right-to-left locales the symbol is isolated, or "US$" would show as "$US" beside Arabic text.
    package func price(_ amount: Decimal) -> String {
        price.format(amount.policyText(fractionDigits: currencyDigits), isolatingCurrency: isRightToLeft)
    }

    /// `amount` rounded half up to the currency's digits, the way stores round derived prices.
    package func rounded(_ amount: Decimal) -> Decimal {
        var value = amount
        var result = Decimal()
        NSDecimalRound(&result, &value, currencyDigits, .plain)
        return result
    }

    /// A number in the locale's digits and separators.
    package func number(_ value: Decimal) -> String {
        number.format(value.description)
    }

    /// A whole percentage: `37%`, `37 %`, `٣٧٪؜`.
    package func percent(_ value: Int) -> String {
        percent.format(String(value))
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
        name(of: period, omitSingleCount: cardinal.category(of: 1) == "one")
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
        let parts = PeriodUnit.parts(of: period)
        guard parts.count == 1, let (unit, count) = parts.first else {
            return unitList.format(parts.map { unit, count in units[unit]?.format(String(count)) ?? "\(count)" })
        }
        return units[unit]?.format(String(count), omittingNumber: omitSingleCount && count == 1) ?? "\(count)"
    }
}

/// The calendar units a store period is written in.
enum PeriodUnit: String, CaseIterable {
    case year, month, week, day

    /// The non-zero date components of `period`, largest first; `P0D` counts as zero days.
    static func parts(of period: ISOPeriod) -> [(PeriodUnit, Int)] {
        let parts = [(year, period.years), (month, period.months), (week, period.weeks), (day, period.days)]
            .filter { $0.1 != 0 }
        return parts.isEmpty ? [(day, 0)] : parts
    }
}
