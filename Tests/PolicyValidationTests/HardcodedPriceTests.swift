@testable import PolicyValidation
import Testing

@Suite("hardcoded-price detection")
struct HardcodedPriceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var price: String?
        var testDescription: String { text }
    }

    @Test(arguments: [
        Case(text: "Only $4.99 a month", price: "$4.99"),
        Case(text: "4,99 € pro Monat", price: "4,99 €"),
        Case(text: "월 3,900원", price: "3,900원"),
        Case(text: "₩3,900부터", price: "₩3,900"),
        Case(text: "¥480", price: "¥480"),
        Case(text: "月額480円", price: "480円"),
        Case(text: "USD 5 per month", price: "USD 5"),
        Case(text: "just 5 USD", price: "5 USD"),
        Case(text: "R$ 9,90 por mês", price: "R$ 9,90"),
        Case(text: "tylko 9.99zł", price: "9.99zł"),
        Case(text: "٩٫٩٩ ر.س شهريًا", price: "٩٫٩٩ ر.س"),
        Case(text: "99 kr/mån", price: "99 kr"),
        Case(text: "kr 99,- per måned", price: "kr 99"),
        Case(text: "за 100 рублей", price: "100 рубл"),
        Case(text: "129\u{00A0}₽", price: "129\u{00A0}₽"),
    ])
    func findsPrices(_ test: Case) {
        #expect(HardcodedPriceRule.price(in: test.text) == test.price)
    }

    @Test(arguments: [
        "3 months", "24 hours before the end of the period", "Save 50%", "5 krótkich lekcji", "USDC 5",
        "VIP 회원 5명", "P1M", "Pro 2", "$ off", "€ and 5", "Top 10 features",
    ])
    func ignoresNumbersWithoutCurrency(_ text: String) {
        #expect(HardcodedPriceRule.price(in: text) == nil)
    }

    /// The quick test on a message as written passes every text with a price, quoted ones included.
    @Test(arguments: [
        "Only $4.99 a month", "4,99 € pro Monat", "USD 5 per month", "just 5 USD", "R$ 9,90 por mês", "99 kr/mån",
        "kr 99,- per måned", "'{'$5'}'", "{n, plural, one {# for 5 k''r} other {#}}", "5 U''S''D",
        "月額480円", "월 3,900원", "٩٫٩٩ ر.س شهريًا", "１２０円",
    ])
    func quickTestKeepsPrices(_ text: String) {
        var text = text
        let mayHoldPrice = text.withUTF8(HardcodedPriceRule.mayHoldPrice)
        #expect(mayHoldPrice)
    }

    @Test(arguments: ["Pro S1 Yearly (de)", "24 hours before the end", "Save 50%", "{price} / {period}", "USDC",
                      "kr", "Top 10 features"])
    func quickTestPassesOverASCIIWithoutPrices(_ text: String) {
        var bytes = text
        let mayHoldPrice = bytes.withUTF8(HardcodedPriceRule.mayHoldPrice)
        #expect(!mayHoldPrice)
        #expect(HardcodedPriceRule.price(in: text) == nil)
    }

    /// Text in any script without a decimal digit holds no price and is passed over without a parse.
    @Test(arguments: ["すべての機能を解放", "모든 기능 잠금 해제", "Разблокируйте всё за {price}", "€ and £"])
    func quickTestPassesOverTextWithoutDigits(_ text: String) {
        var bytes = text
        let mayHoldPrice = bytes.withUTF8(HardcodedPriceRule.mayHoldPrice)
        #expect(!mayHoldPrice)
    }

    /// The quick test, which reads eight bytes at a time, answers as its definition does at every length and
    /// position: a digit, or a byte from 0x80, at each place of texts of 1 to 19 bytes.
    @Test func quickTestAgreesWithItsDefinitionAtEveryPosition() {
        func definition(_ text: String) -> Bool {
            let scalars = text.unicodeScalars
            let hasDigit = scalars.contains { ("0"..."9").contains($0) }
            let isASCII = scalars.allSatisfy(\.isASCII)
            let unquoted = String(text.unicodeScalars.filter { $0 != "'" })
            let hasMark = unquoted.contains("$") || unquoted.contains("kr")
                || unquoted.contains(/[A-Z]{3}/)
            if hasDigit { return hasMark || !isASCII }
            return scalars.contains { !$0.isASCII && $0.properties.numericType == .decimal }
        }
        for length in 1..<20 {
            for position in 0..<length {
                for inserted in ["0", "9", "/", ":", "é", "٩", "$", "\u{7F}"] {
                    for filler in ["a", "K", "r"] {
                        var text = String(repeating: filler, count: position) + inserted
                            + String(repeating: filler, count: length - position - 1)
                        if length > 2 { text += "5" }
                        let expected = definition(text)
                        #expect(text.withUTF8(HardcodedPriceRule.mayHoldPrice) == expected, "\(text)")
                    }
                }
            }
        }
    }

    @Test("variables are not literal text; plural and select cases are")
    func looksOnlyAtLiteralText() throws {
        let template = ReviewRuleSources.template("""
                title: "{price} today"
                subtitle: "{period_count, plural, one {# month for $1} other {# months}}"
                restore: "'{'$5'}'"
            """)
        let app = try ReviewRuleSources.load(ReviewRuleSources.policy(), templates: ["en.yaml": template])
        #expect(HardcodedPriceRule().check(app).map(\.lineColumnMessage) == [
            "6:56: 'subtitle' of paywall 'main' contains the hard-coded price '$1'",
            "7:18: 'restore' of paywall 'main' contains the hard-coded price '$5'",
        ])
    }
}
