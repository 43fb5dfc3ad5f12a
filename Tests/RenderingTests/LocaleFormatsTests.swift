import Foundation
import PolicyModel
import Rendering
import Testing

/// ICU through the shim: unit names with CLDR plurals, currency digits, percent, lists, digits.
@Suite struct LocaleFormatsTests {
    /// A locale, a unit and the full names of 1, 2, 3, 5, 11, 21 and 22 of it.
    struct UnitCase: Sendable, CustomTestStringConvertible {
        var locale: String
        var unit: String
        var names: [String]
        var testDescription: String { "\(locale) \(unit)" }
    }

    static let counts = [1, 2, 3, 5, 11, 21, 22]

    static let unitCases = [
        UnitCase(locale: "ru", unit: "W", names: ["1 неделя", "2 недели", "3 недели", "5 недель", "11 недель",
                                                  "21 неделя", "22 недели"]),
        UnitCase(locale: "ru", unit: "M", names: ["1 месяц", "2 месяца", "3 месяца", "5 месяцев", "11 месяцев",
                                                  "21 месяц", "22 месяца"]),
        UnitCase(locale: "ru", unit: "Y", names: ["1 год", "2 года", "3 года", "5 лет", "11 лет", "21 год", "22 года"]),
        UnitCase(locale: "pl", unit: "W", names: ["1 tydzień", "2 tygodnie", "3 tygodnie", "5 tygodni", "11 tygodni",
                                                  "21 tygodni", "22 tygodnie"]),
        UnitCase(locale: "pl", unit: "M", names: ["1 miesiąc", "2 miesiące", "3 miesiące", "5 miesięcy",
                                                  "11 miesięcy", "21 miesięcy", "22 miesiące"]),
        UnitCase(locale: "pl", unit: "Y", names: ["1 rok", "2 lata", "3 lata", "5 lat", "11 lat", "21 lat", "22 lata"]),
        UnitCase(locale: "ar", unit: "W", names: ["أسبوع", "أسبوعان", "٣ أسابيع", "٥ أسابيع", "١١ أسبوعًا",
                                                  "٢١ أسبوعًا", "٢٢ أسبوعًا"]),
        UnitCase(locale: "ar", unit: "M", names: ["شهر", "شهران", "٣ أشهر", "٥ أشهر", "١١ شهرًا", "٢١ شهرًا",
                                                  "٢٢ شهرًا"]),
        UnitCase(locale: "ar", unit: "Y", names: ["سنة", "سنتان", "٣ سنوات", "٥ سنوات", "١١ سنة", "٢١ سنة", "٢٢ سنة"]),
    ]

    static func formats(_ locale: String, _ currency: String = "USD") throws -> LocaleFormats {
        try LocaleFormats(locale: locale, currency: currency)
    }

    @Test(arguments: unitCases)
    func pluralUnitNamesFollowCLDR(_ unitCase: UnitCase) throws {
        let formats = try Self.formats(unitCase.locale)
        let names = Self.counts.compactMap { count in ISOPeriod("P\(count)\(unitCase.unit)").map(formats.duration) }
        #expect(names == unitCase.names)
    }

    @Test func pluralCategoriesComeFromICU() throws {
        let ru = try Self.formats("ru")
        #expect(Self.counts.map { ru.pluralCategory(of: Double($0)) } == ["one", "few", "few", "many", "many", "one", "few"])
        let pl = try Self.formats("pl")
        #expect(pl.pluralCategory(of: 21) == "many")
        let ar = try Self.formats("ar")
        #expect([0, 1, 2, 3, 11, 100].map { ar.pluralCategory(of: Double($0)) } == ["zero", "one", "two", "few", "many", "other"])
        #expect(ru.pluralCategories == ["one", "few", "many", "other"])
        #expect(try Self.formats("ja").pluralCategories == ["other"])
        #expect(try Self.formats("en").pluralCategory(of: 2, ordinal: true) == "two")
    }

    @Test func periodNameLeavesOutTheOneWhereTheLanguageHasASingular() throws {
        let month = try #require(ISOPeriod("P1M"))
        #expect(try Self.formats("en").periodName(month) == "month")
        #expect(try Self.formats("de").periodName(try #require(ISOPeriod("P3M"))) == "3 Monate")
        #expect(try Self.formats("ru").periodName(month) == "месяц")
        #expect(try Self.formats("ko").periodName(month) == "1개월")
        #expect(try Self.formats("ja").periodName(try #require(ISOPeriod("P1Y"))) == "1 年")
        #expect(try Self.formats("en").periodName(try #require(ISOPeriod("P1Y6M"))) == "1 year, 6 months")
    }

    static func price(_ locale: String, _ currency: String, _ text: String) throws -> String {
        let formats = try Self.formats(locale, currency)
        return formats.price(try #require(MinorAmount(text, digits: formats.currencyDigits)))
    }

    @Test func currenciesUseTheirOwnDigits() throws {
        #expect(try Self.price("ja", "JPY", "8800") == "￥8,800")
        #expect(try Self.price("en", "JPY", "8800") == "¥8,800")
        #expect(try Self.price("ko", "KRW", "29000") == "₩29,000")
        #expect(try Self.price("en", "BHD", "1.2") == "BHD\u{A0}1.200")
        #expect(try Self.formats("en", "BHD").currencyDigits == 3)
        #expect(try Self.price("en", "USD", "29.99") == "$29.99")
        #expect(try Self.price("en", "USD", "5") == "$5.00")
        #expect(try Self.price("de", "EUR", "29.99") == "29,99\u{A0}€")
    }

    @Test func amountsBelowOneAndZeroKeepTheirLeadingZeros() throws {
        #expect(try Self.price("en", "USD", "0.05") == "$0.05")
        #expect(try Self.price("en", "USD", "0") == "$0.00")
        #expect(try Self.price("en", "JPY", "0") == "¥0")
        #expect(try Self.price("en", "BHD", "0.005") == "BHD\u{A0}0.005")
        #expect(try Self.formats("en").number(0) == "0")
        #expect(try Self.formats("de").number(1234567) == "1.234.567")
    }

    @Test func longListsAndLongItemsAreJoinedWhole() throws {
        let many = (1...20).map { "item \($0)" }
        #expect(try Self.formats("en").list(many)
            == many.dropLast().joined(separator: ", ") + ", and " + (many.last ?? ""))
        let long = ["a", "b", "c"].map { String(repeating: $0, count: 300) }
        #expect(try Self.formats("en").list(long) == long[0] + ", " + long[1] + ", and " + long[2])
        #expect(try Self.formats("ja").list(["é", "ß", "中"]) == "é、ß、中")
    }

    @Test func rightToLeftPricesIsolateTheCurrencySymbol() throws {
        #expect(try Self.price("ar", "USD", "89.99") == "\u{200F}٨٩٫٩٩\u{A0}\u{2066}US$\u{2069}")
        let dinar = try Self.price("ar", "BHD", "1.5")
        #expect(dinar.contains("١٫٥٠٠") && dinar.contains("\u{2066}") && dinar.contains("\u{2069}"))
        #expect(try Self.price("en", "USD", "89.99") == "$89.99")
    }

    @Test func minorUnitsAreExactAndRoundHalfUp() throws {
        #expect(MinorAmount("29.99", digits: 2) == MinorAmount(units: 2999, digits: 2))
        #expect(MinorAmount("29.9", digits: 2)?.text == "29.90")
        #expect(MinorAmount("8800", digits: 0)?.text == "8800")
        #expect(MinorAmount("1.2", digits: 3)?.text == "1.200")
        #expect(MinorAmount("29.999", digits: 2) == nil)
        #expect(MinorAmount("99999999999999999999", digits: 2) == nil)
        #expect(MinorAmount(rounding: Decimal(string: "4.995")!, digits: 2)?.text == "5.00")
        #expect(MinorAmount(rounding: Decimal(string: "4.994")!, digits: 2)?.text == "4.99")
        // A year is 5,844 sixteenths of a day, a month 487: 59.99 → 5.00, 83.99 → 7.00, ¥8,800 → ¥733.
        #expect(MinorAmount("59.99", digits: 2)?.per(487, length: 5844)?.text == "5.00")
        #expect(MinorAmount("83.99", digits: 2)?.per(487, length: 5844)?.text == "7.00")
        #expect(MinorAmount("8800", digits: 0)?.per(487, length: 5844)?.text == "733")
        // Half up: 1.5 yen per unit rounds to 2.
        #expect(MinorAmount(units: 3, digits: 0).per(1, length: 2)?.units == 2)
    }

    @Test func percentListsAndDigitsFollowTheLocale() throws {
        #expect(try Self.formats("en").percent(37) == "37%")
        #expect(try Self.formats("de").percent(37) == "37\u{A0}%")
        #expect(try Self.formats("ar").percent(37) == "٣٧٪؜")
        #expect(try Self.formats("en").list(["A", "B", "C"]) == "A, B, and C")
        #expect(try Self.formats("ru").list(["A", "B", "C"]) == "A, B и C")
        #expect(try Self.formats("ja").list(["A", "B", "C"]) == "A、B、C")
        #expect(try Self.formats("ar").number(Decimal(1234)) == "١٬٢٣٤")
        #expect(try Self.formats("ar").isRightToLeft)
        #expect(try !Self.formats("ko").isRightToLeft)
    }

    @Test func unknownCurrenciesAndBadTagsAreErrors() {
        #expect(throws: ICUError.self) { try LocaleFormats(locale: "en", currency: "XYZ") }
        #expect(throws: ICUError.self) { try LocaleFormats(locale: "not a tag", currency: "USD") }
    }
}
