import Foundation
import PolicyLoader
import PolicyModel
import Rendering
import Testing

/// A small app for targeted renderer tests: a yearly plan with a free trial, a monthly plan with a
/// pay-as-you-go intro offer, a weekly plan and a remove-ads purchase, with templates given per test.
enum DemoApp {
    static let policy = """
        format: tollgate/v1
        app:
          id: demo
          name: Demo
          bundle_id: com.example.demo
          default_locale: en
          locales: [en, ru, pl, ar, ja, ko]
          legal: { terms_url: https://example.com/terms, privacy_url: https://example.com/privacy }
        tiers:
          free: { title: Free }
          remove-ads: { title: Remove Ads, ad_free: true }
          premium: { title: Premium, ad_free: true }
        products:
          - { id: com.example.demo.removeads, type: non-consumable, grants: [remove-ads] }
          - id: com.example.demo.yearly
            type: auto-renewable
            group: premium
            period: P1Y
            grants: [premium]
            intro_offer: { type: free-trial, period: P1W }
          - id: com.example.demo.monthly
            type: auto-renewable
            group: premium
            period: P1M
            grants: [premium]
            intro_offer: { type: pay-as-you-go, period: P1M, periods: 3 }
          - { id: com.example.demo.weekly, type: auto-renewable, group: premium, period: P1W, grants: [premium] }
        subscription_groups:
          premium: { levels: [com.example.demo.yearly, com.example.demo.monthly, com.example.demo.weekly] }
        features:
          export.hd: { title: HD export, tier: premium }
          basic: { title: Basic editing, tier: free }
          cloud-sync: { title: Cloud sync, tier: premium }
        paywalls:
          main:
            products: [com.example.demo.yearly, com.example.demo.monthly, com.example.demo.weekly,
                       com.example.demo.removeads]
            highlight: com.example.demo.yearly
        """

    /// An English template whose lines show every variable, so one render checks them all.
    static let english = templates(locale: "en", lines: """
            title: "{tier_title}: {unlocked_features}"
            subtitle: "{product_title} for {price}"
            auto-renewable:
              price: "{price} / {period} ({price_per_month} a month, {price_per_week} a week, {period_count})"
              trial: "{trial_period} free, then {price} / {period}"
              intro: "{intro_price} for {trial_period}, then {price} / {period}"
              badge: "Save {savings_percent}"
            non-consumable:
              price: "{price} once"
            disclosure: "{product_title}: {price} every {period} in {currency}"
            restore: Restore
            terms: Terms
            privacy: Privacy
            price_unavailable: No price
        """)

    /// A template file for `locale` with the paywall `main` made of `lines` (indented by four spaces).
    static func templates(locale: String, lines: String) -> String {
        """
        format: tollgate-templates/v1
        locale: \(locale)
        paywalls:
          main:
        \(lines)
        """
    }

    /// The app's sources with these template files.
    static func sources(_ templateFiles: [String] = [english], policy: String = policy) throws -> AppSources {
        let loaded = PolicyLoader.load(Array(policy.utf8), file: "Policies/demo.yaml")
        let value = try #require(loaded.value, "\(loaded.diagnostics)")
        let templates = try templateFiles.map { text in
            let result = TemplateLoader.load(Array(text.utf8), file: "Templates/demo/x.yaml")
            return try #require(result.value, "\(result.diagnostics)")
        }
        return AppSources(policy: value, templates: templates, unreadableLocales: [], templateDirectory: "Templates/demo")
    }

    /// A price sheet from YAML text.
    static func prices(_ text: String) throws -> PriceSheet {
        let loaded = PriceSheetLoader.load(Array(text.utf8), file: "prices.yaml",
                                           currencyDigits: CLDRCurrencies.fractionDigits(of:))
        return try #require(loaded.value, "\(loaded.diagnostics)")
    }

    static let usd = """
        currency: USD
        prices: { com.example.demo.removeads: "2.99", com.example.demo.yearly: "59.99",
                  com.example.demo.monthly: "9.99", com.example.demo.weekly: "2.99" }
        intro_prices: { com.example.demo.monthly: "4.99" }
        intro_eligible: { premium: true }
        """

    /// Renders `main` in `locale`.
    static func render(_ templateFiles: [String] = [english], locale: String = "en", prices: String = usd)
        throws -> RenderedPaywall
    {
        try PaywallRenderer(sources: sources(templateFiles)).render(paywall: "main", locale: locale,
                                                                    prices: try DemoApp.prices(prices))
    }
}
