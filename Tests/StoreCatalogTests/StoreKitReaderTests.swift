import Diagnostics
import PolicyModel
import StoreCatalog
import Testing

/// The three real `.storekit` files (formats 2.0, 4.0 and 5.0) read into exactly what they sell.
@Suite struct StoreKitReaderTests {
    @Test func demoV2() throws {
        let catalog = try StoreKitFixture.read("joshdholtz-demo-v2.storekit")
        #expect(catalog.source == .storeKit)
        #expect(catalog.products.map(StoreKitFixture.summary) == [
            "com.revenuecat.pro.lifetime non-consumable USD=39.99 locales=en_US",
            "com.revenuecat.pro.monthly auto-renewable group=6B4F7BDD level=1 period=P1M USD=2.99 locales=en_US",
            "com.revenuecat.pro.yearly auto-renewable group=6B4F7BDD level=1 period=P1Y USD=12.99 locales=en_US",
        ])
        #expect(catalog.groups.map { "\($0.id.value) \($0.name?.value ?? "-") \($0.localizations.count)" }
                    == ["6B4F7BDD Pro 0"])
        #expect(catalog.products.map(\.referenceName) == ["Lifetime", "Monthly Pro", "Yearly Pro"])
        #expect(catalog.storefront == "USA")
        #expect(catalog.notes == [CatalogNote(.prices, "the file sets no storefront ('_storefront' in 'settings'), "
                                                  + "so its prices were read as the USA storefront's, in USD")])
        #expect(catalog.privateKey == nil)
        #expect(catalog.facts == [.groups, .levels, .periods, .introOffers, .prices, .localizations])
    }

    @Test func paywallsTesterV4WithThreeLocales() throws {
        let catalog = try StoreKitFixture.read("revenuecat-paywalls-tester-v4-multilocale.storekit")
        #expect(catalog.products.map(StoreKitFixture.summary) == [
            "com.revenuecat.simpleapp.lifetime non-consumable USD=0.99 locales=en_US",
            "com.revenuecat.simpleapp.lifetimelite non-consumable USD=0.99 locales=en_US",
            "com.revenuecat.simpleapp.monthly auto-renewable group=CEEF018E level=1 period=P1M "
                + "intro=free-trial/P1W/- USD=0.99 locales=en_US,es_ES,ar",
            "com.revenuecat.simpleapp.yearly auto-renewable group=CEEF018E level=1 period=P1Y USD=7.99 "
                + "locales=en_US,es_ES,ar",
            "com.revenuecat.simpleapp.weekly auto-renewable group=CEEF018E level=1 period=P1W USD=0.99 "
                + "locales=en_US",
        ])
        #expect(catalog.groups.map(\.id.value) == ["CEEF018E"])
        #expect(catalog.storefront == "USA")
        #expect(catalog.notes.isEmpty)
        let monthly = catalog.products[2].localizations
        #expect(monthly.map { $0.displayName?.value } == ["Monthly Subscription", "Subscripción Mensual",
                                                            "اشتراك شهري"])
        #expect(monthly.map { $0.description?.value } == ["Monthly Subscription", "", "اشتراك شهري"])
    }

    @Test func unitTestsV5WithEveryProductType() throws {
        let catalog = try StoreKitFixture.read("revenuecat-unit-tests-v5.storekit")
        #expect(catalog.products.map(StoreKitFixture.summary) == [
            "com.revenuecat.non_renewable non-renewing USD=1.69 locales=en_US",
            "lifetime non-consumable USD=199.99 locales=en_US",
            "com.revenuecat.consumable consumable USD=1.49 locales=en_US",
            "com.revenuecat.monthly_4.99.1_week_intro auto-renewable group=7096FF06 level=1 period=P1M "
                + "intro=free-trial/P3M/1 USD=4.99 locales=en_US",
            "com.revenuecat.annual_39.99.2_week_intro auto-renewable group=7096FF06 level=1 period=P1Y "
                + "intro=free-trial/P2W/1 USD=39.99 locales=en_US",
            "com.revenuecat.annual_with_commitment auto-renewable group=7096FF06 level=1 period=P1Y USD=11.88 "
                + "locales=en_US",
            "com.revenuecat.annual_39.99_no_trial auto-renewable group=4BB746BD level=1 period=P1Y USD=39.99 "
                + "locales=en_US",
        ])
        #expect(catalog.groups.map { "\($0.id.value) \($0.name?.value ?? "-")" }
                    == ["7096FF06 subscription_group_1", "4BB746BD subscription_group_2"])
        #expect(catalog.notes.isEmpty)
        #expect(catalog.privateKey == nil)
    }

    @Test func valuesPointAtTheirPlaceInTheFile() throws {
        let catalog = try StoreKitFixture.read("joshdholtz-demo-v2.storekit")
        let lifetime = catalog.products[0]
        #expect(position(lifetime.span) == "7:5")
        #expect(position(lifetime.id.span) == "18:21")
        #expect(position(lifetime.type.span) == "20:16")
        #expect(lifetime.prices["USD"].map { position($0.span) } == "8:24")
        let monthly = catalog.products[1]
        #expect(position(monthly.id.span) == "53:25")
        #expect(monthly.level.map { position($0.span) } == "43:27")
        #expect(monthly.period.map { position($0.span) } == "54:43")
        #expect(monthly.group.map { position($0.span) } == "56:35")
        #expect(position(catalog.groups[0].id.span) == "28:14")
        #expect(monthly.id.span.file == "joshdholtz-demo-v2.storekit")
    }

    @Test func introOffersAndLocalesPointAtTheirPlaceInTheFile() throws {
        let catalog = try StoreKitFixture.read("revenuecat-paywalls-tester-v4-multilocale.storekit")
        let monthly = catalog.products[2]
        let offer = try #require(monthly.introOffer)
        #expect(position(offer.span) == "133:33")
        #expect(position(offer.type.span) == "135:29")
        #expect(offer.period.map { position($0.span) } == "136:36")
        #expect(monthly.localizations.map { position($0.locale.span) } == ["142:26", "147:26", "152:26"])
    }

    private func position(_ span: SourceSpan) -> String { "\(span.start.line):\(span.start.column)" }
}
