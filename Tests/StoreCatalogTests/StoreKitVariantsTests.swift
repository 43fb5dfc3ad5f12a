import Diagnostics
import PolicyModel
import StoreCatalog
import Testing

/// Hand-made `.storekit` files for what the real ones lack: format 1.1, a synced file, optional keys left out,
/// another storefront, intro offers only in the v5 list, and format versions outside 1.x to 5.x.
@Suite struct StoreKitVariantsTests {
    @Test func formatOnePointOneWithThreeLevels() throws {
        let catalog = try StoreKitFixture.read("handmade-v1.1.storekit")
        #expect(catalog.products.map(StoreKitFixture.summary) == [
            "com.example.tollgate.season non-renewing USD=9.99 locales=en_US",
            "com.example.tollgate.coins.100 consumable USD=0.99 locales=en_US",
            "com.example.tollgate.unlock non-consumable USD=4.99 locales=en_US",
            "com.example.tollgate.plus.pro auto-renewable group=A3E5B7C9 level=1 period=P1M USD=9.99 locales=en_US",
            "com.example.tollgate.plus.premium auto-renewable group=A3E5B7C9 level=2 period=P1M "
                + "intro=pay-up-front/P2M/-/USD=1.99 USD=4.99 locales=en_US",
            "com.example.tollgate.plus.standard auto-renewable group=A3E5B7C9 level=3 period=P1W "
                + "intro=pay-as-you-go/P1W/3/USD=0.49 USD=1.99 locales=en_US",
        ])
        #expect(catalog.groups.map { $0.name?.value } == ["Tollgate Plus"])
        #expect(catalog.storefront == "USA")
        #expect(catalog.notes.count == 1)
    }

    @Test func syncedFileWithAppStoreConnectSettings() throws {
        let catalog = try StoreKitFixture.read("handmade-synced-v3.storekit")
        #expect(catalog.products.map(StoreKitFixture.summary) == [
            "com.example.tollgate.lifetime non-consumable USD=49.99 locales=en_US,es_MX",
            "com.example.tollgate.plus.yearly auto-renewable group=21400001 level=1 period=P1Y "
                + "intro=free-trial/P1W/1 USD=29.99 locales=en_US",
            "com.example.tollgate.plus.monthly auto-renewable group=21400001 level=2 period=P1M USD=3.99 "
                + "locales=en_US",
        ])
        let group = try #require(catalog.groups.first)
        #expect(group.localizations.map { "\($0.locale.value) \($0.displayName?.value ?? "-")" }
                    == ["en_US Tollgate Plus"])
        #expect(catalog.products[0].localizations[1].description?.value == "Todo, para siempre")
        #expect(catalog.notes.isEmpty)
    }

    @Test func optionalKeysMayBeMissing() throws {
        let catalog = try StoreKitFixture.read("handmade-missing-optional-keys.storekit")
        #expect(catalog.products.map(StoreKitFixture.summary) == [
            "com.example.tollgate.coins consumable locales=",
            "com.example.tollgate.basic auto-renewable group=B0B0B0B0 period=P1M locales=",
            "com.example.tollgate.basic.yearly auto-renewable group=B0B0B0B0 level=1 period=P1Y USD=19.99 locales=",
        ])
        #expect(catalog.products.map(\.referenceName) == [nil, nil, nil])
        // Without `subscriptionGroupID`, the group points at the enclosing group's `id`.
        #expect(catalog.products[1].group.map { "\($0.span.start.line):\($0.span.start.column)" } == "10:14")
        #expect(catalog.groups.map { "\($0.id.value) \($0.name == nil)" } == ["B0B0B0B0 true"])
        #expect(catalog.storefront == "USA")
        #expect(catalog.notes == [CatalogNote(.prices, "the file sets no storefront ('_storefront' in 'settings'), "
                                                  + "so its prices were read as the USA storefront's, in USD")])
    }

    @Test func pricesAreInTheStorefrontsCurrency() throws {
        let catalog = try StoreKitFixture.read("handmade-storefront-esp-v5.storekit")
        #expect(catalog.storefront == "ESP")
        #expect(catalog.notes.isEmpty)
        #expect(catalog.products.map(StoreKitFixture.summary) == [
            "com.example.tollgate.gems consumable EUR=1.09 locales=es_ES",
            "com.example.tollgate.plus.monthly auto-renewable group=E0E0E0E0 level=1 period=P1M "
                + "intro=pay-as-you-go/P1M/3/EUR=1.99 EUR=5.49 locales=es_ES",
            "com.example.tollgate.plus.yearly auto-renewable group=E0E0E0E0 level=1 period=P1Y EUR=49.99 "
                + "locales=es_ES",
        ])
    }

    @Test func theSingularIntroOfferComesBeforeTheList() throws {
        let catalog = try StoreKitFixture.read(text: subscription("""
            "introductoryOffer" : { "paymentMode" : "free", "subscriptionPeriod" : "P1W" },
            "introductoryOffers" : [ { "paymentMode" : "payUpFront", "subscriptionPeriod" : "P1M",
                                       "displayPrice" : "0.99" } ],
            """))
        let offer = try #require(catalog.products.first?.introOffer)
        #expect(offer.type.value == .freeTrial)
        #expect(offer.period?.value == "P1W")
    }

    @Test func aFreeTrialHasNoPrice() throws {
        let catalog = try StoreKitFixture.read(text: subscription("""
            "introductoryOffer" : { "displayPrice" : "0.00", "paymentMode" : "free", "subscriptionPeriod" : "P3D" },
            """))
        #expect(catalog.products.first?.introOffer?.prices == [:])
    }

    @Test func aLaterFormatIsReadWithANote() throws {
        let catalog = try StoreKitFixture.read(text: """
            { "products" : [], "version" : { "major" : 6, "minor" : 1 } }
            """)
        #expect(catalog.notes.first?.text == "StoreKit configuration format 6.1 is newer than the formats 1.x to 5.x "
                    + "Tollgate knows; it was read as 5.x")
    }

    @Test func formatZeroIsAnError() {
        #expect(throws: CatalogError.invalidValue(CatalogError.Location(file: "test.storekit", line: 2, column: 27),
                                                  problem: "'major' of 'version' must be 1 or more (StoreKit "
                                                      + "configuration format 1.x to 5.x), found 0")) {
            _ = try StoreKitFixture.read(text: """
                { "products" : [],
                  "version" : { "major" : 0, "minor" : 9 } }
                """)
        }
    }

    /// A file with one subscription in group `G1` whose other members are `members`.
    private func subscription(_ members: String) -> String {
        """
        { "subscriptionGroups" : [ { "id" : "G1", "subscriptions" : [ {
          \(members)
          "productID" : "plus", "type" : "RecurringSubscription" } ] } ] }
        """
    }
}
