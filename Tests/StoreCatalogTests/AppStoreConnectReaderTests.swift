import Diagnostics
import PolicyModel
import StoreCatalog
import Testing
import TollgateEvaluation

/// Saved App Store Connect responses: in-app purchases and subscription groups, with and without `included`.
@Suite struct AppStoreConnectReaderTests {
    @Test func inAppPurchasesWithoutIncludedTellOnlyIdsAndTypes() throws {
        let catalog = try APIResponseFixture.read("asc-in-app-purchases.json")
        #expect(catalog.source == .appStoreConnectInAppPurchases)
        #expect(catalog.marketplace == .appStore)
        #expect(catalog.facts.isEmpty)
        #expect(catalog.products.map(\.id.value) == [
            "com.example.photocollage.coins100", "com.example.photocollage.lifetime",
            "com.example.photocollage.season",
        ])
        #expect(catalog.products.map(\.type.value) == [.consumable, .nonConsumable, .nonRenewing])
        #expect(catalog.products.map(\.referenceName) == ["100 Coins", "Lifetime Pro", "Season Pass"])
        #expect(catalog.products.allSatisfy { $0.prices.isEmpty && $0.localizations.isEmpty && $0.group == nil })
        #expect(catalog.products.allSatisfy { $0.tellsConsumability })
        #expect(catalog.groups.isEmpty && catalog.notes.isEmpty && catalog.packageName == nil)
        #expect(APIResponseFixture.position(catalog.products[1].id) == "30:21")
        #expect(APIResponseFixture.position(catalog.products[1].type) == "31:29")
        #expect(catalog.products[1].span.start.line == 25)
    }

    @Test func includedLocalizationsAndPricesAreRead() throws {
        let catalog = try APIResponseFixture.read("asc-in-app-purchases-included.json")
        #expect(catalog.facts == [.localizations, .prices])
        let coins = try #require(catalog.products.first)
        #expect(coins.localizations.map(\.locale.value) == ["en-US", "de-DE"])
        #expect(coins.localizations.map { $0.displayName?.value } == ["100 Coins", "100 Münzen"])
        #expect(coins.localizations.map { $0.description?.value } == ["A pile of coins.", "Ein Haufen Münzen."])
        #expect(coins.prices.mapValues(\.value) == ["USD": "0.99", "EUR": "0.99"])
        let lifetime = catalog.products[1]
        // The price in effect without a start date wins over the one scheduled for 2027.
        #expect(lifetime.prices.mapValues(\.value) == ["USD": "24.99"])
        #expect(APIResponseFixture.position(lifetime.prices["USD"]) == "123:40")
        #expect(catalog.notes.count == 1)
        #expect(catalog.notes.first?.text.contains("links.next") == true)
    }

    @Test func subscriptionGroupsTellGroupsLevelsAndPeriods() throws {
        let catalog = try APIResponseFixture.read("asc-subscription-groups.json")
        #expect(catalog.source == .appStoreConnectSubscriptionGroups)
        #expect(catalog.facts == [.groups, .levels, .periods])
        #expect(catalog.groups.map(\.id.value) == ["21000001", "21000002"])
        #expect(catalog.groups.map { $0.name?.value } == ["Pro", "Storage"])
        #expect(catalog.groups.allSatisfy { $0.localizations.isEmpty })
        #expect(catalog.products.map(\.id.value) == [
            "com.example.photocollage.pro.yearly", "com.example.photocollage.pro.monthly",
            "com.example.photocollage.plus.monthly", "com.example.photocollage.storage.quarterly",
        ])
        #expect(catalog.products.allSatisfy { $0.type.value == .autoRenewable })
        #expect(catalog.products.map { $0.group?.value } == ["21000001", "21000001", "21000001", "21000002"])
        #expect(catalog.products.map { $0.level?.value } == [1, 1, 2, 1])
        #expect(catalog.products.map { $0.period?.value } == ["P1Y", "P1M", "P1M", "P3M"])
        #expect(catalog.products.allSatisfy { $0.introOffer == nil && $0.prices.isEmpty })
        #expect(APIResponseFixture.position(catalog.products[2].period) == "76:30")
        #expect(APIResponseFixture.position(catalog.products[2].level) == "78:22")
        #expect(APIResponseFixture.position(catalog.products[3].group) == "25:12")
    }

    @Test func includedIntroOffersLocalizationsAndPricesOfSubscriptions() throws {
        let catalog = try APIResponseFixture.read("asc-subscription-groups-included.json")
        #expect(catalog.facts == [.groups, .levels, .periods, .introOffers, .localizations, .prices])
        #expect(catalog.groups.first?.localizations.map { $0.displayName?.value } == ["Photo Collage Pro"])
        let yearly = try #require(catalog.products.first)
        let offer = try #require(yearly.introOffer)
        #expect(offer.type.value == .freeTrial)
        #expect(offer.period?.value == "P1W")
        #expect(offer.periods?.value == 1)
        #expect(offer.prices.isEmpty)
        #expect(APIResponseFixture.position(offer.type) == "85:99")
        #expect(yearly.prices.mapValues(\.value) == ["USD": "39.99", "JPY": "6000"])
        #expect(yearly.localizations.map(\.locale.value) == ["en-US", "ja"])
        #expect(yearly.localizations.last?.displayName?.value == "Pro (年額)")
        let monthly = catalog.products[1]
        #expect(monthly.introOffer == nil)
        #expect(monthly.level?.value == 2)
        #expect(monthly.prices.isEmpty)
        #expect(monthly.localizations.map(\.locale.value) == ["en-US"])
    }

    @Test func aPayAsYouGoOfferHasItsPricesAndCount() throws {
        let catalog = try APIResponseFixture.read(text: """
            { "data": { "type": "subscriptionGroups", "id": "1",
                        "relationships": { "subscriptions": { "data": [ { "type": "subscriptions", "id": "2" } ] } } },
              "included": [
                { "type": "subscriptions", "id": "2",
                  "attributes": { "productId": "pro.monthly", "subscriptionPeriod": "ONE_MONTH", "groupLevel": 1 } },
                { "type": "subscriptionIntroductoryOffers", "id": "3",
                  "attributes": { "duration": "ONE_MONTH", "offerMode": "PAY_AS_YOU_GO", "numberOfPeriods": 3 },
                  "relationships": { "subscription": { "data": { "type": "subscriptions", "id": "2" } },
                                     "territory": { "data": { "type": "territories", "id": "USA" } },
                                     "subscriptionPricePoint": {
                                       "data": { "type": "subscriptionPricePoints", "id": "4" } } } },
                { "type": "subscriptionPricePoints", "id": "4", "attributes": { "customerPrice": "1.99" } },
                { "type": "territories", "id": "USA", "attributes": { "currency": "USD" } } ] }
            """)
        let offer = try #require(catalog.products.first?.introOffer)
        #expect(offer.type.value == .payAsYouGo)
        #expect(offer.period?.value == "P1M")
        #expect(offer.periods?.value == 3)
        #expect(offer.prices.mapValues(\.value) == ["USD": "1.99"])
        #expect(catalog.groups.first?.name == nil)
    }

    @Test func relatedResponsesJoinedIntoIncludedAreLinkedByTheirBackRelationship() throws {
        let catalog = try APIResponseFixture.read(text: """
            { "data": [ { "type": "inAppPurchases", "id": "1",
                          "attributes": { "productId": "coins", "inAppPurchaseType": "CONSUMABLE" } },
                        { "type": "inAppPurchases", "id": "2",
                          "attributes": { "productId": "gems", "inAppPurchaseType": "CONSUMABLE" } } ],
              "included": [
                { "type": "inAppPurchaseLocalizations", "id": "10", "attributes": { "locale": "fr-FR", "name": "Pièces" },
                  "relationships": { "inAppPurchaseV2": { "data": { "type": "inAppPurchases", "id": "2" } } } },
                { "type": "inAppPurchaseLocalizations", "id": "11", "attributes": { "locale": "en-US", "name": "Coins" },
                  "relationships": { "inAppPurchaseV2": { "data": { "type": "inAppPurchases", "id": "1" } } } } ] }
            """)
        #expect(catalog.facts == [.localizations])
        #expect(catalog.products.map { $0.localizations.map(\.locale.value) } == [["en-US"], ["fr-FR"]])
    }

    @Test func aPriceWithoutItsTerritoryIsUnknown() throws {
        let catalog = try APIResponseFixture.read(text: """
            { "data": [ { "type": "inAppPurchases", "id": "1",
                          "attributes": { "productId": "coins", "inAppPurchaseType": "CONSUMABLE" },
                          "relationships": { "iapPriceSchedule": { "data": { "type": "inAppPurchasePriceSchedules",
                                                                             "id": "1" } } } } ],
              "included": [
                { "type": "inAppPurchasePriceSchedules", "id": "1", "relationships": {
                  "manualPrices": { "data": [ { "type": "inAppPurchasePrices", "id": "2" } ] } } },
                { "type": "inAppPurchasePrices", "id": "2", "relationships": {
                  "inAppPurchasePricePoint": { "data": { "type": "inAppPurchasePricePoints", "id": "3" } },
                  "territory": { "data": { "type": "territories", "id": "USA" } } } },
                { "type": "inAppPurchasePricePoints", "id": "3", "attributes": { "customerPrice": "0.99" } } ] }
            """)
        #expect(catalog.products.first?.prices.isEmpty == true)
        #expect(catalog.facts.isEmpty)
    }

    @Test func everyDurationAndPeriodSpelling() throws {
        let durations = ["THREE_DAYS": "P3D", "ONE_WEEK": "P1W", "TWO_WEEKS": "P2W", "ONE_MONTH": "P1M",
                         "TWO_MONTHS": "P2M", "THREE_MONTHS": "P3M", "SIX_MONTHS": "P6M", "ONE_YEAR": "P1Y"]
        for (spelling, iso) in durations {
            let period = ["THREE_DAYS", "TWO_WEEKS"].contains(spelling) ? "ONE_WEEK" : spelling
            let catalog = try APIResponseFixture.read(text: """
                { "data": [ { "type": "subscriptionGroups", "id": "1", "relationships": { "subscriptions": {
                  "data": [ { "type": "subscriptions", "id": "2" } ] } } } ],
                  "included": [ { "type": "subscriptions", "id": "2", "attributes": { "productId": "p",
                    "subscriptionPeriod": "\(period)" }, "relationships": { "introductoryOffers": {
                    "data": [ { "type": "subscriptionIntroductoryOffers", "id": "3" } ] } } },
                    { "type": "subscriptionIntroductoryOffers", "id": "3",
                      "attributes": { "duration": "\(spelling)", "offerMode": "FREE_TRIAL", "numberOfPeriods": 1 } } ] }
                """)
            #expect(catalog.products.first?.introOffer?.period?.value == iso, "\(spelling)")
            if period == spelling { #expect(catalog.products.first?.period?.value == iso, "\(spelling)") }
        }
    }

    @Test func oneResourceAndAnEmptyListAreCatalogs() throws {
        let one = try APIResponseFixture.read(text: """
            { "data": { "type": "inAppPurchases", "id": "9",
                        "attributes": { "productId": "coins", "inAppPurchaseType": "CONSUMABLE" } } }
            """)
        #expect(one.products.map(\.id.value) == ["coins"])
        let empty = try APIResponseFixture.read(text: """
            { "data": [], "links": { "self": "https://api.appstoreconnect.apple.com/v1/apps/1/subscriptionGroups" },
              "meta": { "paging": { "total": 0, "limit": 50 } } }
            """)
        #expect(empty.source == .appStoreConnectSubscriptionGroups)
        #expect(empty.products.isEmpty)
        let emptyPurchases = try APIResponseFixture.read(text: """
            { "data": [], "links": { "self": "https://api.appstoreconnect.apple.com/v1/apps/1/inAppPurchasesV2" } }
            """)
        #expect(emptyPurchases.source == .appStoreConnectInAppPurchases)
    }
}
