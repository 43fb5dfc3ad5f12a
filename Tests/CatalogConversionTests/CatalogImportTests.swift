@testable import CatalogConversion
import Diagnostics
import PolicyModel
import Rendering
import StoreCatalog
import Testing
import TollgateEvaluation

/// What `catalog import` writes: a policy and templates the project's loader reads back as the catalog, and that
/// `tollgate validate` accepts without errors.
@Suite struct CatalogImportTests {
    @Test func aCatalogOfEveryTypeValidatesWithOnlyTheOpenAttestations() throws {
        let project = try ImportedProject(SampleCatalogs.everyType)
        defer { project.remove() }
        let (exitCode, lines) = try project.findings()
        #expect(exitCode == 0, "\(lines)")
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.allSatisfy { $0.hasSuffix("[attestation-open]") }, "\(lines)")
    }

    @Test func productsTypesGroupsLevelsPeriodsAndIntroOffersAreTheCatalogs() throws {
        let project = try ImportedProject(SampleCatalogs.everyType)
        defer { project.remove() }
        let policy = try project.load().policy
        #expect(policy.products.map(\.id.value) == SampleCatalogs.everyType.products.map(\.id.value))
        #expect(policy.products.map(\.type.value) == SampleCatalogs.everyType.products.map(\.type.value))
        #expect(policy.subscriptionGroups.map(\.id.value) == ["pro", "plus-more"])
        #expect(policy.subscriptionGroups.map(\.title?.value) == ["Pro", "Plus & More"])
        // Level 1 first; the two subscriptions at level 2 keep the file's order.
        #expect(policy.subscriptionGroups[0].levels.map(\.value)
                    == ["com.example.shop.pro.yearly", "com.example.shop.pro.monthly", "com.example.shop.pro.weekly"])
        let monthly = try #require(policy.product("com.example.shop.pro.monthly"))
        #expect(monthly.group?.value == "pro")
        #expect(monthly.period?.value == "P1M")
        #expect(monthly.introOffer?.type.value == .payAsYouGo)
        #expect(monthly.introOffer?.period?.value == "P1M")
        #expect(monthly.introOffer?.periods?.value == 3)
        #expect(monthly.introOffer?.referencePrices.map(\.amount.value) == ["1.99"])
        #expect(monthly.referencePrices.map { "\($0.currency.value) \($0.amount.value)" } == ["USD 4.99"])
        let yearly = try #require(policy.product("com.example.shop.pro.yearly"))
        #expect(yearly.introOffer?.type.value == .freeTrial)
        #expect(yearly.introOffer?.period?.value == "P1W")
        #expect(yearly.introOffer?.periods == nil)
        let plus = try #require(policy.product("com.example.shop.plus.monthly"))
        #expect(plus.introOffer?.type.value == .payUpFront)
        #expect(plus.introOffer?.period?.value == "P3M")
        #expect(plus.introOffer?.referencePrices.map(\.amount.value) == ["5.99"])
    }

    @Test func tiersAreNamedAfterGroupsAndOneTimePurchasesEachWithAComment() throws {
        let project = try ImportedProject(SampleCatalogs.everyType)
        defer { project.remove() }
        let policy = try project.load().policy
        #expect(policy.tiers.map(\.id.value) == ["free", "pro", "plus-more", "lifetime", "pass"])
        #expect(policy.product("com.example.shop.lifetime")?.grants.map(\.value) == ["lifetime"])
        #expect(policy.product("com.example.shop.pro.weekly")?.grants.map(\.value) == ["pro"])
        #expect(policy.product("com.example.shop.coins.100")?.grants.isEmpty == true)
        let lines = project.text("Policies/shop.yaml").split(separator: "\n", omittingEmptySubsequences: false)
        for tier in policy.tiers.map(\.id.value) {
            let index = try #require(lines.firstIndex(of: "  \(tier):"))
            #expect(lines[index - 1].hasPrefix("  # "), "tier '\(tier)' has no comment above it")
        }
    }

    @Test func localesAndTitlesComeFromTheStoreLocalizations() throws {
        let project = try ImportedProject(SampleCatalogs.everyType)
        defer { project.remove() }
        let sources = try project.load()
        #expect(sources.policy.app.locales.map(\.value) == ["en", "es", "ar"])
        #expect(sources.policy.app.defaultLocale.value == "en")
        #expect(sources.policy.app.bundleID?.value == "com.example.shop")
        let spanish = try #require(sources.templates(for: "es"))
        let title = try #require(spanish.products.first { $0.key.value == "com.example.shop.plus.monthly" })
        #expect(StoreKitExporter.plainText(of: title.message) == "Plus: it's 'new'")
        let english = try #require(sources.templates(for: "en"))
        let quoted = try #require(english.products.first { $0.key.value == "com.example.shop.plus.monthly" })
        #expect(StoreKitExporter.plainText(of: quoted.message) == "Plus \"Monthly\" {beta}")
        #expect(english.tiers.first { $0.key.value == "pro" }.map { StoreKitExporter.plainText(of: $0.message) }
                    == "Shop Pro")
    }

    @Test func stringsThatYAMLWouldMisreadAreQuotedAndReadBack() throws {
        let name = "no: \"yes\" # {x} \\ \u{7F}\u{2028}ß"
        var catalog = SampleCatalogs.everyType
        catalog.products[1].referenceName = name
        catalog.products[1].localizations = SampleCatalogs.names([("no", name)])
        let project = try ImportedProject(catalog)
        defer { project.remove() }
        let sources = try project.load()
        #expect(sources.policy.product("com.example.shop.lifetime")?.referenceName?.value == name)
        #expect(sources.policy.app.locales.map(\.value).contains("no"))
        let norwegian = try #require(sources.templates(for: "no"))
        #expect(norwegian.products.first.map { StoreKitExporter.plainText(of: $0.message) } == name)
        #expect(try project.findings().exitCode == 0)
    }

    @Test func productIDsWithoutACommonReverseDNSPrefixGetAPlaceholderBundleID() throws {
        var catalog = SampleCatalogs.everyType
        catalog.products[0].id = SampleCatalogs.at("coins")
        let project = try ImportedProject(catalog)
        defer { project.remove() }
        #expect(try project.load().policy.app.bundleID?.value == "com.example.shop")
        #expect(project.result.notes.contains { $0.contains("stands in for the app's bundle id") })
        #expect(project.text("Policies/shop.yaml").contains("a placeholder: the catalog does not say the app's bundle id"))
        let (exitCode, lines) = try project.findings()
        #expect(exitCode == 0)
        #expect(lines.filter { $0.hasSuffix("[product-id-prefix]") }.count == 1, "\(lines)")
    }

    @Test(arguments: [
        (["com.a.app.x", "com.a.app.y.z"], "com.a.app"),
        (["com.a.app.pro"], "com.a.app"),
        (["com.a.app_1.pro", "com.a.app_1.lite"], "com.a"),
        (["lifetime", "com.a.app.pro"], nil),
        (["1com.a.x", "1com.a.y"], nil),
    ] as [([String], String?)])
    func bundleIDIsTheLongestCommonReverseDNSPrefix(ids: [String], expected: String?) {
        #expect(StartingPolicy.commonPrefix(of: ids) == expected)
    }

    @Test func storeLocalesBecomeTheLanguageThenTheFullTag() {
        let mapped = StoreLocales.policyLocales(for: ["en_US", "es_ES", "en_GB", "ar", "zh_Hans", "zh_Hant", "en_US"])
        #expect(mapped.map(\.policy) == ["en", "es", "en-GB", "ar", "zh", "zh-Hant", "en"])
        #expect(["en", "ja", "en-GB", "zh-Hant", "de"].map(StoreLocales.storeLocale(for:))
                    == ["en_US", "ja", "en_GB", "zh_Hant", "de_DE"])
    }

    @Test func pricesAreTrimmedToTheCurrencysDigitsOrLeftOut() {
        #expect(PriceNormalizer.amount("480.00", digits: 0) == "480")
        #expect(PriceNormalizer.amount("4.990", digits: 2) == "4.99")
        #expect(PriceNormalizer.amount("4.995", digits: 2) == nil)
        #expect(PriceNormalizer.amount("1e3", digits: 2) == nil)
    }

    @Test func aNonRenewingPassWithoutPeriodGetsAPlaceholderThatSaysSo() throws {
        var catalog = SampleCatalogs.everyType
        catalog.products[2].period = nil
        let project = try ImportedProject(catalog)
        defer { project.remove() }
        #expect(try project.load().policy.product("com.example.shop.pass")?.period?.value == "P1M")
        #expect(project.text("Policies/shop.yaml").contains(
            "period: P1M                     # a placeholder: the catalog does not say how long the pass lasts"))
    }

    @Test func aCatalogWithoutProductsImportsNothing() {
        let catalog = StoreCatalog(file: "Empty.storekit", source: .storeKit, facts: [])
        #expect(throws: CatalogImportError.self) {
            _ = try CatalogImporter(appID: "shop", currencyDigits: CLDRCurrencies.fractionDigits(of:)).files(from: catalog)
        }
    }
}

extension CatalogImportTests {
    @Test(arguments: [("P7D", "P1W"), ("P14D", "P2W"), ("P3D", "P3D"), ("P1M", "P1M"), ("P1W", "P1W"), ("P1M7D", "P1M7D")])
    func daysThatAreWholeWeeksAreWrittenAsWeeks(period: String, expected: String) {
        #expect(StartingPolicy.storePeriod(period) == expected)
    }
}
