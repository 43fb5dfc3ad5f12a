import Foundation
import PolicyModel
import Rendering
import Testing

/// Every template variable and every display rule of the renderer, by name.
@Suite struct PaywallRendererTests {
    static let yearly = "com.example.demo.yearly"
    static let monthly = "com.example.demo.monthly"
    static let weekly = "com.example.demo.weekly"
    static let removeAds = "com.example.demo.removeads"

    static func product(_ id: String, in page: RenderedPaywall) throws -> RenderedProduct {
        try #require(page.products.first { $0.id == id })
    }

    // MARK: Variables

    @Test func everyVariableRendersOnTheEnglishPage() throws {
        let page = try DemoApp.render()
        #expect(page.title == "Premium: HD export and Cloud sync")
        #expect(page.subtitle == "com.example.demo.yearly for $59.99")
        let yearly = try Self.product(Self.yearly, in: page)
        #expect(yearly.price == "$59.99 / year ($5.00 a month, $1.15 a week, 1)")
        #expect(yearly.trial == "1 week free, then $59.99 / year")
        #expect(yearly.badge == "Save 61%")
        #expect(page.disclosure.first == "com.example.demo.yearly: $59.99 every year in USD")
        #expect(try Self.product(Self.removeAds, in: page).price == "$2.99 once")
    }

    @Test func pricePerMonthRoundsHalfUpToTheCurrencyDigits() throws {
        let lines = """
                auto-renewable:
                  price: "{price} / {period}, {price_per_month} a month"
                non-consumable: { price: "{price}" }
                disclosure: "{price}"
                restore: Restore
                terms: Terms
                privacy: Privacy
                price_unavailable: No price
            """
        let cases = [("USD", "59.99", "$59.99 / year, $5.00 a month"), ("USD", "83.99", "$83.99 / year, $7.00 a month"),
                     ("JPY", "8800", "¥8,800 / year, ¥733 a month")]
        for (currency, amount, expected) in cases {
            let page = try DemoApp.render([DemoApp.templates(locale: "en", lines: lines)],
                                          prices: "currency: \(currency)\nprices: { \(Self.yearly): \"\(amount)\" }")
            #expect(try Self.product(Self.yearly, in: page).price == expected)
        }
    }

    @Test func pricePerWeekUsesTheAverageGregorianYear() throws {
        let page = try DemoApp.render()
        #expect(try Self.product(Self.monthly, in: page).price.contains("$2.30 a week"))
        #expect(try Self.product(Self.weekly, in: page).price == "$2.99 / week ($13.00 a month, $2.99 a week, 1)")
    }

    @Test func savingsRoundDownAgainstTheDearestPlanAndAreAbsentOnIt() throws {
        let page = try DemoApp.render()
        // Weekly is dearest per month (2.99 × 30.4375 / 7 = 13.00…); yearly is 4.999…: 61.5 % → 61 %.
        #expect(try Self.product(Self.yearly, in: page).badge == "Save 61%")
        #expect(try Self.product(Self.monthly, in: page).badge == "Save 23%")
        #expect(try Self.product(Self.weekly, in: page).badge == nil)
        #expect(try Self.product(Self.removeAds, in: page).badge == nil)
    }

    @Test func payAsYouGoIntroPriceIsWrittenPerPeriodForTheWholeOffer() throws {
        let monthly = try Self.product(Self.monthly, in: try DemoApp.render())
        #expect(monthly.intro == "$4.99 / month ($4.99 a month, $1.15 a week, 1) for 3 months, then $9.99 / month")
        #expect(monthly.trial == nil)
    }

    @Test func unlockedFeaturesFollowThePolicyOrderAndLeaveOutFree() throws {
        let page = try DemoApp.render(locale: "en")
        #expect(page.title == "Premium: HD export and Cloud sync")
    }

    @Test func selectAndPluralWorkTogether() throws {
        let lines = """
                title: "{currency, select, JPY {円} other {{period_count, plural, =1 {one {period}} other {# {period}}}}}"
                subtitle: "{period_count, plural, offset:1 =0 {none} one {# more} few {# more (few)} many {# more (many)} other {# more (other)}}"
                auto-renewable: { price: "{price}" }
                non-consumable: { price: "{price}" }
                disclosure: "{price}"
                restore: Восстановить
                terms: Условия
                privacy: Конфиденциальность
                price_unavailable: Нет цены
            """
        let ru = [DemoApp.english, DemoApp.templates(locale: "ru", lines: lines)]
        let page = try DemoApp.render(ru, locale: "ru")
        #expect(page.title == "one год")
        #expect(page.subtitle == "0 more (many)")
        let yen = try DemoApp.render(ru, locale: "ru", prices: "currency: JPY\nprices: { \(Self.yearly): \"4800\" }")
        #expect(yen.title == "円")
    }

    // MARK: Display rules

    @Test func aMissingPriceShowsItsLineAndIsNotPurchasableButRestoreAndLinksRender() throws {
        let page = try DemoApp.render(prices: "currency: USD\nprices: { \(Self.yearly): \"59.99\" }")
        let removeAds = try Self.product(Self.removeAds, in: page)
        #expect(removeAds.price == "No price")
        #expect(!removeAds.purchasable)
        #expect(removeAds.badge == nil && removeAds.trial == nil)
        #expect(try Self.product(Self.yearly, in: page).purchasable)
        #expect(page.restore == "Restore")
        #expect(page.terms.text == "Terms" && page.terms.url == "https://example.com/terms")
        #expect(page.privacy.text == "Privacy" && page.privacy.url == "https://example.com/privacy")
        #expect(page.disclosure.count == 1, "no disclosure for plans without a price")
    }

    @Test func titleNeedingAMissingPriceIsLeftOutWithAWarning() throws {
        let page = try DemoApp.render(prices: "currency: USD\nprices: { \(Self.monthly): \"9.99\" }")
        #expect(page.subtitle == nil)
        #expect(page.warnings.contains { $0.contains("'subtitle' is left out") })
    }

    @Test(arguments: [("true", true), ("false", false), (nil, false)] as [(String?, Bool)])
    func trialsRenderOnlyWhereTheGroupIsEligible(eligible: String?, shown: Bool) throws {
        let flag = eligible.map { "\nintro_eligible: { premium: \($0) }" } ?? ""
        let prices = "currency: USD\nprices: { \(Self.yearly): \"59.99\", \(Self.monthly): \"9.99\" }\n"
            + "intro_prices: { \(Self.monthly): \"4.99\" }" + flag
        let page = try DemoApp.render(prices: prices)
        #expect((try Self.product(Self.yearly, in: page).trial != nil) == shown)
        #expect((try Self.product(Self.monthly, in: page).intro != nil) == shown)
        #expect(try Self.product(Self.yearly, in: page).price == "$59.99 / year ($5.00 a month, $1.15 a week, 1)")
    }

    @Test func theBilledPriceIsShownEvenWhenAPriceLineLeavesItOut() throws {
        let lines = """
                auto-renewable: { price: "{period_count, plural, one {{price_per_month} a month} other {{price}}}" }
                non-consumable: { price: "{price}" }
                disclosure: "{price}"
                restore: Restore
                terms: Terms
                privacy: Privacy
                price_unavailable: No price
            """
        let page = try DemoApp.render([DemoApp.templates(locale: "en", lines: lines)])
        #expect(try Self.product(Self.yearly, in: page).price == "$59.99")
        #expect(page.warnings.contains { $0.contains("does not show the billed price $59.99") })
    }

    @Test func localeFallsBackToTheLanguageThenTheDefaultAndSaysSo() throws {
        let ko = DemoApp.templates(locale: "ko", lines: """
                title: 프리미엄
                auto-renewable: { price: "{price}/{period}" }
                non-consumable: { price: "{price}" }
                disclosure: "{price}"
                restore: 구매 복원
                terms: 이용약관
                privacy: 개인정보처리방침
                price_unavailable: 가격 없음
            """)
        let korean = try DemoApp.render([DemoApp.english, ko], locale: "ko-KR",
                                        prices: "currency: KRW\nprices: { \(Self.yearly): \"39000\" }")
        #expect(korean.locale == "ko" && korean.requestedLocale == "ko-KR")
        #expect(korean.warnings.first == "locale 'ko-KR' falls back to 'ko': no 'main' templates for 'ko-KR'")
        #expect(try Self.product(Self.yearly, in: korean).price == "₩39,000/1년")

        let french = try DemoApp.render([DemoApp.english, ko], locale: "fr-CA")
        #expect(french.locale == "en")
        #expect(french.warnings.first == "locale 'fr-CA' falls back to 'en': no 'main' templates for 'fr-CA' or 'fr'")
        #expect(try Self.product(Self.yearly, in: french).price.hasPrefix("$59.99 / year"))

        let exact = try DemoApp.render([DemoApp.english, ko], locale: "en")
        #expect(exact.warnings.isEmpty)
    }

    @Test func aMissingKeyFallsBackToTheDefaultLocaleMessage() throws {
        let ko = DemoApp.templates(locale: "ko", lines: """
                auto-renewable: { price: "{price}/{period}" }
                non-consumable: { price: "{price}" }
                restore: 구매 복원
            """)
        let page = try DemoApp.render([DemoApp.english, ko], locale: "ko")
        #expect(page.restore == "구매 복원")
        #expect(page.terms.text == "Terms")
    }

    @Test func rightToLeftLocalesAreMarked() throws {
        let ar = DemoApp.templates(locale: "ar", lines: """
                auto-renewable: { price: "{price} / {period}" }
                non-consumable: { price: "{price}" }
                restore: استعادة المشتريات
            """)
        let page = try DemoApp.render([DemoApp.english, ar], locale: "ar")
        #expect(page.direction == "rtl")
        #expect(try Self.product(Self.yearly, in: page).price == "\u{200F}٥٩٫٩٩\u{A0}\u{2066}US$\u{2069} / سنة")
        #expect(try DemoApp.render().direction == "ltr")
    }

    @Test func aResolutionOfOtherTemplatesRendersTheirLinesNotTheRenderersOwn() throws {
        let other = DemoApp.templates(locale: "en", lines: """
                auto-renewable: { price: "{price} every {period}" }
                non-consumable: { price: "{price} once" }
                restore: Restore now
            """)
        let renderer = PaywallRenderer(sources: try DemoApp.sources())
        let elsewhere = try elsewhereResolution(other)
        let formats = try LocaleFormats(locale: "en", currency: "USD")
        let prices = try DemoApp.prices(DemoApp.usd)
        let page = try renderer.render(paywall: "main", resolution: elsewhere, formats: formats, prices: prices)
        #expect(page.restore == "Restore now")
        #expect(try Self.product(Self.yearly, in: page).price == "$59.99 every year")
        let own = try renderer.render(paywall: "main", resolution: renderer.resolve(paywall: "main", locale: "en"),
                                      formats: formats, prices: prices)
        #expect(own == (try DemoApp.render()))
    }

    @Test func rendersOnManyThreadsAgreeWithAFirstRender() async throws {
        let renderer = PaywallRenderer(sources: try DemoApp.sources())
        let prices = try DemoApp.prices(DemoApp.usd)
        let expected = try DemoApp.render()
        let pages = await withTaskGroup(of: RenderedPaywall?.self) { group in
            for _ in 0..<8 {
                group.addTask { try? renderer.render(paywall: "main", locale: "en", prices: prices) }
            }
            var pages: [RenderedPaywall?] = []
            for await page in group { pages.append(page) }
            return pages
        }
        #expect(pages.count == 8 && pages.allSatisfy { $0 == expected })
    }

    /// The resolution of `en` among other template files of the same name, resolved by another renderer.
    private func elsewhereResolution(_ file: String) throws -> LocaleResolution {
        try PaywallRenderer(sources: try DemoApp.sources([file])).resolve(paywall: "main", locale: "en")
    }

    @Test func unknownPaywallsAndLocalesWithoutTemplatesAreErrors() throws {
        let renderer = PaywallRenderer(sources: try DemoApp.sources())
        let prices = try DemoApp.prices(DemoApp.usd)
        let unknown = #expect(throws: RenderError.self) {
            try renderer.render(paywall: "mian", locale: "en", prices: prices)
        }
        #expect(unknown?.help == "did you mean 'main'?")
        let noDefault = try PaywallRenderer(sources: DemoApp.sources([DemoApp.templates(locale: "ko", lines: "    restore: 복원")]))
        #expect(throws: RenderError.self) { try noDefault.render(paywall: "main", locale: "fr", prices: prices) }
    }
}
