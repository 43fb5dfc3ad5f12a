import Diagnostics
import PolicyModel
import StoreCatalog
import Testing
import TollgateEvaluation

/// Saved Google Play Developer API responses: subscriptions, one-time products and legacy in-app products.
@Suite struct PlayReaderTests {
    @Test func eachBasePlanIsAProduct() throws {
        let catalog = try APIResponseFixture.read("play-subscriptions.json")
        #expect(catalog.source == .playSubscriptions)
        #expect(catalog.marketplace == .play)
        #expect(catalog.facts == [.groups, .periods, .prices, .localizations])
        #expect(catalog.packageName?.value == "com.example.photocollage")
        #expect(APIResponseFixture.position(catalog.packageName) == "4:22")
        #expect(catalog.products.map(\.id.value) == [
            "premium:monthly", "premium:yearly", "premium:month-pass", "storage:annual-installments",
        ])
        #expect(catalog.products.map(\.type.value) == [.autoRenewable, .autoRenewable, .nonRenewing, .autoRenewable])
        #expect(catalog.products.map { $0.period?.value } == ["P1M", "P1Y", "P1M", "P1M"])
        #expect(catalog.products.map { $0.group?.value } == ["premium", "premium", "premium", "storage"])
        #expect(catalog.products.allSatisfy { $0.level == nil && $0.introOffer == nil })
        #expect(catalog.groups.map(\.id.value) == ["premium", "storage"])
        #expect(catalog.groups.map { $0.name?.value } == ["premium", "storage"])
        #expect(catalog.groups.first?.localizations.map(\.locale.value) == ["en-US", "de-DE"])
        #expect(APIResponseFixture.position(catalog.products[0].id) == "8:25")
        #expect(APIResponseFixture.position(catalog.products[0].period) == "11:38")
        #expect(APIResponseFixture.position(catalog.products[2].type) == "67:34")
    }

    @Test func pricesAreExactDecimalsOfTheHomeRegion() throws {
        let catalog = try APIResponseFixture.read("play-subscriptions.json")
        // USD is the US price (not Ecuador's, not other regions'); EUR is the first region's.
        #expect(catalog.products[0].prices.mapValues(\.value) == ["USD": "3.99", "EUR": "4.49", "JPY": "600"])
        #expect(APIResponseFixture.position(catalog.products[0].prices["USD"]) == "22:24")
        #expect(catalog.products[1].prices.mapValues(\.value) == ["USD": "29.99"])
        #expect(catalog.products[2].prices.mapValues(\.value) == ["USD": "4.5"])
        #expect(catalog.products[3].prices.mapValues(\.value) == ["BRL": "9.9"])
    }

    @Test func listingsAreTheLocalizationsOfEveryBasePlan() throws {
        let catalog = try APIResponseFixture.read("play-subscriptions.json")
        let premium = catalog.products[0].localizations
        #expect(premium.map(\.locale.value) == ["en-US", "de-DE"])
        #expect(premium.map { $0.displayName?.value } == ["Premium", "Premium"])
        #expect(premium.map { $0.description?.value } == ["Every premium feature.", "Alle Premium-Funktionen."])
        #expect(catalog.products[2].localizations == premium)
        #expect(catalog.products[3].localizations.map(\.locale.value) == ["pt-BR"])
    }

    @Test func oneSubscriptionWithoutPricesOrListingsTellsNeither() throws {
        let catalog = try APIResponseFixture.read("play-subscription.json")
        #expect(catalog.facts == [.groups, .periods])
        #expect(catalog.products.map(\.id.value) == ["plus:weekly"])
        #expect(catalog.products.first?.period?.value == "P1W")
        #expect(catalog.packageName?.value == "com.example.lingualeap")
    }

    @Test func oneTimeProductsMatchEitherOneTimeType() throws {
        let catalog = try APIResponseFixture.read("play-one-time-products.json")
        #expect(catalog.source == .playOneTimeProducts)
        #expect(catalog.facts == [.prices, .localizations])
        #expect(catalog.products.map(\.id.value) == ["coins_100", "lifetime"])
        #expect(catalog.products.allSatisfy { $0.type.value == .nonConsumable && !$0.tellsConsumability })
        // The buy option's prices, not the rent option's.
        #expect(catalog.products[0].prices.mapValues(\.value) == ["USD": "0.99", "EUR": "1.09"])
        #expect(catalog.products[1].prices.isEmpty)
        #expect(catalog.products[0].localizations.map { $0.displayName?.value } == ["100 coins"])
        #expect(catalog.packageName?.value == "com.example.photocollage")
        #expect(APIResponseFixture.position(catalog.products[1].id) == "60:20")
    }

    @Test func legacyInAppProducts() throws {
        let catalog = try APIResponseFixture.read("play-inappproducts.json")
        #expect(catalog.source == .playInAppProducts)
        #expect(catalog.facts == [.periods, .prices, .localizations])
        #expect(catalog.products.map(\.id.value) == ["remove_ads", "pro_monthly"])
        #expect(catalog.products.map(\.type.value) == [.nonConsumable, .autoRenewable])
        #expect(catalog.products.map(\.tellsConsumability) == [false, true])
        #expect(catalog.products[0].prices.mapValues(\.value) == ["USD": "1.99", "EUR": "2.29", "JPY": "300"])
        #expect(catalog.products[0].localizations.map(\.locale.value) == ["en-US", "ja-JP"])
        #expect(APIResponseFixture.position(catalog.products[0].localizations.last?.locale) == "18:9")
        let pro = catalog.products[1]
        #expect(pro.period?.value == "P1M")
        #expect(pro.group == nil)
        #expect(pro.introOffer?.type.value == .freeTrial)
        #expect(pro.introOffer?.period?.value == "P7D")
        #expect(pro.prices.mapValues(\.value) == ["USD": "4.99"])
    }

    @Test func aNextPageTokenIsANote() throws {
        #expect(try APIResponseFixture.read("play-subscriptions.json").notes.first?.text.contains("nextPageToken") == true)
        #expect(try APIResponseFixture.read("play-one-time-products.json").notes.isEmpty)
        #expect(try APIResponseFixture.read("play-inappproducts.json").notes.isEmpty)
        let legacy = try APIResponseFixture.read(text: """
            { "inappproduct": [], "tokenPagination": { "nextPageToken": "Cg1yZW1vdmVfYWRz" } }
            """)
        #expect(legacy.notes.count == 1)
    }

    @Test func otherRegionsGiveAPriceOnlyInACurrencyNoRegionHas() throws {
        let catalog = try APIResponseFixture.read(text: """
            { "productId": "p", "basePlans": [ { "basePlanId": "m",
              "autoRenewingBasePlanType": { "billingPeriodDuration": "P1M" },
              "regionalConfigs": [ { "regionCode": "US", "price": { "currencyCode": "USD", "units": "5" } } ],
              "otherRegionsConfig": { "usdPrice": { "currencyCode": "USD", "units": "4" },
                                      "eurPrice": { "currencyCode": "EUR", "units": "4", "nanos": 490000000 } } } ] }
            """)
        #expect(catalog.products.first?.prices.mapValues(\.value) == ["USD": "5", "EUR": "4.49"])
    }

    @Test func moneyAndMicrosAreExactDecimals() throws {
        let cases: [(units: String, nanos: String, decimal: String)] = [
            (#""3""#, "990000000", "3.99"), (#""12""#, "0", "12"), ("0", "5", "0.000000005"),
            (#""0""#, "500000000", "0.5"), (#""9007199254740993""#, "10000000", "9007199254740993.01"),
        ]
        for (units, nanos, decimal) in cases {
            let catalog = try APIResponseFixture.read(text: """
                { "packageName": "a.b", "productId": "p", "basePlans": [ { "basePlanId": "m",
                  "autoRenewingBasePlanType": { "billingPeriodDuration": "P1M" },
                  "regionalConfigs": [ { "regionCode": "US",
                    "price": { "currencyCode": "USD", "units": \(units), "nanos": \(nanos) } } ] } ] }
                """)
            #expect(catalog.products.first?.prices["USD"]?.value == decimal)
        }
        for (micros, decimal) in [("1990000", "1.99"), ("990000", "0.99"), ("5", "0.000005"), ("0", "0"),
                                  ("123456789012345678", "123456789012.345678")] {
            let catalog = try APIResponseFixture.read(text: """
                { "sku": "s", "purchaseType": "managedUser",
                  "defaultPrice": { "priceMicros": "\(micros)", "currency": "USD" } }
                """)
            #expect(catalog.products.first?.prices["USD"]?.value == decimal)
        }
    }
}
