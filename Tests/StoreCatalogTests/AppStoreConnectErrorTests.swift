import Foundation
import StoreCatalog
import Testing

/// App Store Connect responses that cannot be read are one error at the value that is wrong.
@Suite struct AppStoreConnectErrorTests {
    static let reader = CatalogReader(currencyOfStorefront: { _ in nil })

    /// The one error reading `text` gives.
    static func error(_ text: String) -> CatalogError? {
        do {
            _ = try reader.read(file: "asc.json", bytes: Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    static func expect(_ text: String, _ line: Int, _ column: Int, _ problem: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let found = error(text)
        #expect(found?.location == CatalogError.Location(file: "asc.json", line: line, column: column),
                sourceLocation: sourceLocation)
        #expect(found?.problem == problem, sourceLocation: sourceLocation)
    }

    @Test func anUnknownResourceTypeNamesBothEndpoints() {
        Self.expect("""
            { "data": [ { "type": "apps", "id": "1" } ] }
            """, 1, 23, "resources of type 'apps' are not a store catalog; expected the response of GET "
                + "/v1/apps/{id}/inAppPurchasesV2 (resources of type 'inAppPurchases') or of GET "
                + "/v1/apps/{id}/subscriptionGroups?include=subscriptions (type 'subscriptionGroups')")
    }

    @Test func mixedTypesAreAnError() {
        let problem = Self.error("""
            { "data": [ { "type": "inAppPurchases", "id": "1" },
                        { "type": "subscriptionGroups", "id": "2" } ] }
            """)
        #expect(problem?.line == 2)
        #expect(problem?.column == 23)
        #expect(problem?.problem.hasPrefix("'data' mixes resources of type 'inAppPurchases' and 'subscriptionGroups'")
                    == true)
    }

    @Test func aProductWithoutProductIdIsAnErrorAtTheResource() {
        Self.expect("""
            { "data": [
              { "type": "inAppPurchases", "id": "6444",
                "attributes": { "name": "Coins", "inAppPurchaseType": "CONSUMABLE" } } ] }
            """, 2, 3, "in-app purchase '6444' has no 'productId' in its 'attributes'; expected the product id as a "
                + "string")
        Self.expect("""
            { "data": [ { "type": "inAppPurchases", "id": "6444" } ] }
            """, 1, 13, "in-app purchase '6444' has no 'attributes'; expected an object with 'productId'")
    }

    @Test func aProductIdThatIsNotAStringIsAnError() {
        Self.expect("""
            { "data": [ { "type": "inAppPurchases", "id": "1",
                          "attributes": { "productId": 42, "inAppPurchaseType": "CONSUMABLE" } } ] }
            """, 2, 44, "'productId' of in-app purchase '1' must be a string, found a number")
    }

    @Test func aBadTypeSpellingNamesTheSpellings() {
        Self.expect("""
            { "data": [ { "type": "inAppPurchases", "id": "1",
                          "attributes": { "productId": "p", "inAppPurchaseType": "NONCONSUMABLE" } } ] }
            """, 2, 70, "'inAppPurchaseType' of in-app purchase '1' must be one of 'CONSUMABLE', 'NON_CONSUMABLE', "
                + "'NON_RENEWING_SUBSCRIPTION'; found 'NONCONSUMABLE'")
    }

    static let group = """
        { "data": [ { "type": "subscriptionGroups", "id": "1",
                      "relationships": { "subscriptions": { "data": [ { "type": "subscriptions", "id": "2" } ] } } } ],
          "included": [ { "type": "subscriptions", "id": "2", "attributes": { "productId": "p", %@ } } ] }
        """

    @Test func aBadPeriodSpellingIsAnError() {
        Self.expect(Self.group.replacingOccurrences(of: "%@", with: #""subscriptionPeriod": "ONE_MONTHS""#), 3, 111,
                    "'subscriptionPeriod' of subscription '2' must be one of 'ONE_WEEK', 'ONE_MONTH', 'TWO_MONTHS', "
                        + "'THREE_MONTHS', 'SIX_MONTHS', 'ONE_YEAR'; found 'ONE_MONTHS'")
    }

    @Test func aLevelThatIsNotANumberIsAnError() {
        Self.expect(Self.group.replacingOccurrences(of: "%@", with: #""groupLevel": "1""#), 3, 103,
                    "'groupLevel' of subscription '2' must be a whole number, found a string")
    }

    @Test func aBadOfferModeIsAnError() {
        let problem = Self.error("""
            { "data": [ { "type": "subscriptionGroups", "id": "1", "relationships": { "subscriptions": {
              "data": [ { "type": "subscriptions", "id": "2" } ] } } } ],
              "included": [ { "type": "subscriptions", "id": "2", "attributes": { "productId": "p" } },
                { "type": "subscriptionIntroductoryOffers", "id": "3",
                  "attributes": { "duration": "ONE_WEEK", "offerMode": "FREE" },
                  "relationships": { "subscription": { "data": { "type": "subscriptions", "id": "2" } } } } ] }
            """)
        #expect(problem?.line == 5)
        #expect(problem?.column == 60)
        #expect(problem?.problem == "'offerMode' of an introductory offer of subscription '2' must be one of "
                    + "'FREE_TRIAL', 'PAY_AS_YOU_GO', 'PAY_UP_FRONT'; found 'FREE'")
    }

    @Test func aGroupWithoutItsSubscriptionsAsksForTheInclude() {
        Self.expect("""
            { "data": [ { "type": "subscriptionGroups", "id": "1", "attributes": { "referenceName": "Pro" },
                          "relationships": { "subscriptions": { "links": { "related": "x" } } } } ] }
            """, 1, 13, "subscription group '1' does not list its subscriptions; save the response of GET "
                + "/v1/apps/{id}/subscriptionGroups?include=subscriptions")
    }

    @Test func aGroupListingSomeOfItsSubscriptionsIsAnError() {
        Self.expect("""
            { "data": [ { "type": "subscriptionGroups", "id": "1", "relationships": { "subscriptions": {
                "meta": { "paging": { "total": 12, "limit": 10 } }, "data": [] } } } ] }
            """, 2, 36, "subscription group '1' lists 0 of its 12 subscriptions; save the response with "
                + "limit[subscriptions]=50, the most App Store Connect includes")
    }

    @Test func aListedSubscriptionMissingFromIncludedIsAnError() {
        Self.expect("""
            { "data": [ { "type": "subscriptionGroups", "id": "1", "relationships": { "subscriptions": {
                "data": [ { "type": "subscriptions", "id": "7" } ] } } } ] }
            """, 2, 15, "subscription group '1' lists a subscription that is not in 'included'; save the response of "
                + "GET /v1/apps/{id}/subscriptionGroups?include=subscriptions")
    }

    @Test func aCustomerPriceThatIsNotADecimalIsAnError() {
        Self.expect("""
            { "data": [ { "type": "subscriptionGroups", "id": "1", "relationships": { "subscriptions": {
                "data": [ { "type": "subscriptions", "id": "2" } ] } } } ],
              "included": [ { "type": "subscriptions", "id": "2", "attributes": { "productId": "p" },
                "relationships": { "prices": { "data": [ { "type": "subscriptionPrices", "id": "3" } ] } } },
                { "type": "subscriptionPrices", "id": "3", "relationships": {
                  "subscriptionPricePoint": { "data": { "type": "subscriptionPricePoints", "id": "4" } },
                  "territory": { "data": { "type": "territories", "id": "USA" } } } },
                { "type": "subscriptionPricePoints", "id": "4", "attributes": { "customerPrice": "$3.99" } },
                { "type": "territories", "id": "USA", "attributes": { "currency": "USD" } } ] }
            """, 8, 86, "'customerPrice' of a price point of a price of subscription '2' must be a decimal number "
                + #"such as "4.99"; found "$3.99""#)
    }

    @Test func dataOfTheWrongKindIsAnError() {
        Self.expect(#"{ "data": "inAppPurchases" }"#, 1, 11,
                    "'data' must be a resource or a list of resources, found a string")
        Self.expect(#"{ "data": [ "inAppPurchases" ] }"#, 1, 13,
                    "a resource in 'data' must be an object, found a string")
        Self.expect(#"{ "data": [ { "type": "inAppPurchases", "id": "1" } ], "included": {} }"#, 1, 68,
                    "'included' of the response must be a list, found an object")
    }

    @Test func anEmptyListWithoutALinkIsAnError() {
        Self.expect(#"{ "data": [] }"#, 1, 11,
                    "an empty 'data' list without 'links.self' does not say which endpoint it is from; expected the "
                        + "response of GET /v1/apps/{id}/inAppPurchasesV2 (resources of type 'inAppPurchases') or of "
                        + "GET /v1/apps/{id}/subscriptionGroups?include=subscriptions (type 'subscriptionGroups')")
    }
}
