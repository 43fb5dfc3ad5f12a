import Foundation
import StoreCatalog
import Testing

/// A malformed `.storekit` file is one error at the value that is wrong, naming the member, what it must be and
/// what was found.
@Suite struct StoreKitErrorsTests {
    @Test func badJSON() {
        expect("""
            {
              "products" : [
                { "productID" : "coins", "type" : "Consumable", }
              ]
            }
            """, at: 3, 53, "not valid JSON: expected a member name in double quotes, found '}'")
    }

    @Test func aProductThatIsAString() {
        expect("""
            {
              "products" : [
                "com.example.coins"
              ],
              "version" : { "major" : 2, "minor" : 0 }
            }
            """, at: 3, 5, "item 1 of 'products' must be an object, found a string")
    }

    @Test func anUnknownTypeNamesTheSpellingsOfItsList() {
        expect("""
            {
              "products" : [
                {
                  "productID" : "coins",
                  "type" : "Subscription"
                }
              ]
            }
            """, at: 5, 16,
               "'type' of product 'coins' must be one of 'Consumable', 'NonConsumable'; found 'Subscription'")
        expect(subscription(#""groupNumber" : 1"#).replacingOccurrences(of: "RecurringSubscription",
                                                                          with: "NonRenewingSubscription"),
               at: 3, 12,
               "'type' of product 'plus' must be one of 'RecurringSubscription'; found 'NonRenewingSubscription'")
    }

    @Test func aMissingProductID() {
        expect("""
            {
              "subscriptionGroups" : [
                {
                  "id" : "G1",
                  "subscriptions" : [
                    {
                      "type" : "RecurringSubscription"
                    }
                  ]
                }
              ]
            }
            """, at: 6, 9, "item 1 of 'subscriptions' of subscription group 'G1' has no 'productID'; "
                + "expected a string there")
    }

    @Test func aProductIDListedTwice() {
        expect("""
            {
              "products" : [
                { "productID" : "coins", "type" : "Consumable" },
                { "productID" : "coins", "type" : "NonConsumable" }
              ]
            }
            """, at: 4, 21, "product 'coins' is listed twice, first at line 3; a product id appears once in a file")
    }

    @Test func aLevelThatIsNotAWholeNumberFromOne() {
        expect(subscription(#""groupNumber" : "1""#), at: 4, 19,
               "'groupNumber' of product 'plus' must be a whole number from 1 up, found a string")
        expect(subscription(#""groupNumber" : 1.5"#), at: 4, 19,
               "'groupNumber' of product 'plus' must be a whole number from 1 up, found 1.5")
        expect(subscription(#""groupNumber" : 0"#), at: 4, 19,
               "'groupNumber' of product 'plus' must be a whole number from 1 up, found 0")
    }

    @Test func aPeriodThatIsNotISO8601() {
        expect(subscription(#""recurringSubscriptionPeriod" : "monthly""#), at: 4, 35,
               "'recurringSubscriptionPeriod' of product 'plus' must be an ISO 8601 period such as 'P1W', 'P1M' or "
                   + "'P1Y'; found 'monthly'")
    }

    @Test func aPriceThatIsNotADecimal() {
        expect(subscription(#""displayPrice" : "1,99""#), at: 4, 20,
               "'displayPrice' of product 'plus' must be a decimal price such as '0.99'; found '1,99'")
        expect(subscription(#""displayPrice" : 1.99"#), at: 4, 20,
               "'displayPrice' of product 'plus' must be a string, found a number")
    }

    @Test func anUnknownPaymentMode() {
        expect(subscription(#""introductoryOffer" : { "paymentMode" : "trial" }"#), at: 4, 43,
               "'paymentMode' of 'introductoryOffer' of product 'plus' must be one of 'free', 'payAsYouGo', "
                   + "'payUpFront'; found 'trial'")
        expect(subscription(#""introductoryOffers" : [ "free" ]"#), at: 4, 28,
               "item 1 of 'introductoryOffers' of product 'plus' must be an object, found a string")
    }

    @Test func aLocalizationWithoutLocale() {
        expect(subscription(#""localizations" : [ { "displayName" : "Plus" } ]"#), at: 4, 23,
               "item 1 of 'localizations' of product 'plus' has no 'locale'; expected a string there")
    }

    @Test func aGroupIDThatIsNotAString() {
        expect(subscription(#""subscriptionGroupID" : 7"#), at: 4, 27,
               "'subscriptionGroupID' of product 'plus' must be a string, found a number")
    }

    @Test func anUnknownStorefront() {
        expect("""
            {
              "products" : [],
              "settings" : { "_storefront" : "XYZ" }
            }
            """, at: 3, 34,
               "'_storefront' of 'settings' must be a storefront's ISO 3166-1 alpha-3 code such as 'USA' or 'ESP'; "
                   + "found 'XYZ'")
    }

    @Test func listsThatAreNotLists() {
        expect("{\n  \"subscriptionGroups\" : {}\n}", at: 2, 26,
               "'subscriptionGroups' of the file must be a list, found an object")
        expect(#"{ "subscriptionGroups" : [ { "id" : "G1", "subscriptions" : "plus" } ] }"#, at: 1, 61,
               "'subscriptions' of subscription group 'G1' must be a list, found a string")
    }

    /// A file with one subscription in group `G1`: `productID` on line 2, `type` on line 3 and `member` on line 4
    /// from column 3.
    private func subscription(_ member: String) -> String {
        """
        { "subscriptionGroups" : [ { "id" : "G1", "subscriptions" : [ {
          "productID" : "plus",
          "type" : "RecurringSubscription",
          \(member)
        } ] } ] }
        """
    }

    private func expect(_ text: String, at line: Int, _ column: Int, _ problem: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            _ = try StoreKitFixture.read(text: text)
        } throws: { error in
            let error = error as? CatalogError
            return error?.location == CatalogError.Location(file: "test.storekit", line: line, column: column)
                && error?.problem == problem
        }
    }
}
